import { describe, expect, it } from 'vitest';
import { discordCallbackUrl } from './discord-callback';

describe('discord callback', () => {
  it('forwards the access token from the hash, encoded', () => {
    expect(discordCallbackUrl('#token_type=Bearer&access_token=a+b/c=&expires_in=604800')).toBe(
      '/v1/api/auth/discord/callback?accessToken=a%20b%2Fc%3D',
    );
  });

  it('returns null without a token', () => {
    expect(discordCallbackUrl('')).toBeNull();
    expect(discordCallbackUrl('#error=access_denied')).toBeNull();
    expect(discordCallbackUrl('#access_token=')).toBeNull();
  });
});
