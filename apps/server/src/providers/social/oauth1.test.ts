import { describe, expect, it } from 'vitest';
import { oauthHeader, oauthSignature, parseOAuthHeader, percentEncode } from './oauth1.ts';

describe('OAuth 1.0a signing', () => {
  // The worked example of X's developer documentation ("Creating a signature").
  it('matches the documented example signature', () => {
    const signature = oauthSignature(
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json',
      {
        status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
        include_entities: 'true',
        oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        oauth_version: '1.0',
      },
      'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    );
    expect(signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('encodes the characters encodeURIComponent leaves alone', () => {
    expect(percentEncode("a b!*'()")).toBe('a%20b%21%2A%27%28%29');
  });

  it('writes a header whose parameters read back, query parameters signed in', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 't', tokenSecret: 'ts' };
    const url = 'https://api.example/1.1/friendships/show.json?source_id=1&target_screen_name=x';
    const header = oauthHeader('GET', url, credentials, { nonce: 'n', timestamp: 1 });
    const params = parseOAuthHeader(header);
    expect(params).toMatchObject({ oauth_consumer_key: 'ck', oauth_token: 't', oauth_nonce: 'n' });
    const { oauth_signature: signature, ...unsigned } = params!;
    expect(signature).toBe(
      oauthSignature(
        'GET',
        'https://api.example/1.1/friendships/show.json',
        { source_id: '1', target_screen_name: 'x', ...unsigned },
        'cs',
        'ts',
      ),
    );
    expect(parseOAuthHeader('Bearer abc')).toBeNull();
  });
});
