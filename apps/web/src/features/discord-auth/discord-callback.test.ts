import { describe, expect, it } from 'vitest';
import { discordCallbackUrl } from './discord-callback';

describe('discord callback', () => {
  it('forwards the access token and the state from the hash, encoded', () => {
    expect(
      discordCallbackUrl('#token_type=Bearer&access_token=a+b/c=&expires_in=604800&state=s%2B1'),
    ).toBe('/v1/api/auth/discord/callback?accessToken=a+b%2Fc%3D&state=s%2B1');
  });

  it('returns null without a token or without a state', () => {
    expect(discordCallbackUrl('#access_token=abc')).toBeNull();
    expect(discordCallbackUrl('')).toBeNull();
    expect(discordCallbackUrl('#error=access_denied')).toBeNull();
    expect(discordCallbackUrl('#access_token=')).toBeNull();
  });
});
