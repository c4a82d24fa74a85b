/**
 * X (Twitter) for the quests: the OAuth 1.0a login (request token, authenticate,
 * access token) and the user-context lookups the checks need, all signed with
 * the app's consumer key and the user's tokens. X_API_URL points at X or a stand-in.
 */
import { callPlatform, jsonOf, platformUnavailable } from './platform-http.ts';
import { oauthHeader, type OAuthCredentials } from './oauth1.ts';

export interface XTokens {
  token: string;
  tokenSecret: string;
}

export interface XUser {
  id: string;
  screenName: string;
  name: string;
  photo: string | null;
}

interface XUserAnswer {
  id_str: string;
  screen_name: string;
  name: string;
  profile_image_url_https?: string;
}

export class XClient {
  constructor(
    private readonly baseUrl: string,
    private readonly consumer: { key: string; secret: string },
  ) {}

  private credentials(tokens?: XTokens): OAuthCredentials {
    return {
      consumerKey: this.consumer.key,
      consumerSecret: this.consumer.secret,
      token: tokens?.token,
      tokenSecret: tokens?.tokenSecret,
    };
  }

  private async signedForm(
    path: string,
    tokens: XTokens | undefined,
    extra: Record<string, string>,
  ) {
    const url = `${this.baseUrl}${path}`;
    const answer = await callPlatform('x', url, {
      method: 'POST',
      headers: { authorization: oauthHeader('POST', url, this.credentials(tokens), { extra }) },
    });
    if (answer.status === 401) return null;
    if (answer.status !== 200) throw platformUnavailable('x');
    return new URLSearchParams(answer.text);
  }

  /** Step 1 of the login: a request token whose approval returns to `callbackUrl`. */
  async requestToken(callbackUrl: string): Promise<XTokens> {
    const form = await this.signedForm('/oauth/request_token', undefined, {
      oauth_callback: callbackUrl,
    });
    const token = form?.get('oauth_token');
    const tokenSecret = form?.get('oauth_token_secret');
    if (!token || !tokenSecret) throw platformUnavailable('x');
    return { token, tokenSecret };
  }

  /** Step 2: where the browser approves the request token. */
  authenticateUrl(requestToken: string): string {
    return `${this.baseUrl}/oauth/authenticate?oauth_token=${encodeURIComponent(requestToken)}`;
  }

  /** Step 3: the user's tokens for an approved request token, or null when X refuses. */
  async accessToken(request: XTokens, verifier: string): Promise<XTokens | null> {
    const form = await this.signedForm('/oauth/access_token', request, {
      oauth_verifier: verifier,
    });
    const token = form?.get('oauth_token');
    const tokenSecret = form?.get('oauth_token_secret');
    return token && tokenSecret ? { token, tokenSecret } : null;
  }

  private async signedGet<T>(path: string, tokens: XTokens): Promise<T | null> {
    const url = `${this.baseUrl}${path}`;
    const answer = await callPlatform('x', url, {
      headers: { authorization: oauthHeader('GET', url, this.credentials(tokens)) },
    });
    if (answer.status === 401) return null;
    return jsonOf<T>('x', answer);
  }

  /** Who the tokens belong to, or null when X does not accept them. */
  async verifyCredentials(tokens: XTokens): Promise<XUser | null> {
    const user = await this.signedGet<XUserAnswer>('/1.1/account/verify_credentials.json', tokens);
    if (!user?.id_str) return null;
    return {
      id: user.id_str,
      screenName: user.screen_name,
      name: user.name,
      photo: user.profile_image_url_https ?? null,
    };
  }

  /** Whether the user (by id) follows the account `screenName`; null when the tokens are refused. */
  async isFollowing(tokens: XTokens, userId: string, screenName: string): Promise<boolean | null> {
    const query = new URLSearchParams({ source_id: userId, target_screen_name: screenName });
    const answer = await this.signedGet<{ relationship?: { source?: { following?: boolean } } }>(
      `/1.1/friendships/show.json?${query}`,
      tokens,
    );
    if (answer === null) return null;
    return answer.relationship?.source?.following === true;
  }

  /** Whether the user retweeted the tweet; null when the tokens are refused. */
  async hasRetweeted(tokens: XTokens, tweetId: string): Promise<boolean | null> {
    const query = new URLSearchParams({ id: tweetId, include_my_retweet: '1' });
    const answer = await this.signedGet<{ current_user_retweet?: { id_str?: string } }>(
      `/1.1/statuses/show.json?${query}`,
      tokens,
    );
    if (answer === null) return null;
    return Boolean(answer.current_user_retweet?.id_str);
  }
}
