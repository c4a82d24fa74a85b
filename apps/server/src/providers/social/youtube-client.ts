/**
 * YouTube for the subscribe quest, when a Google OAuth client is configured:
 * the consent page (authorization code, read-only YouTube scope), the code
 * exchange, and whether the signed-in viewer subscribes to our channel.
 * YOUTUBE_API_URL and GOOGLE_*_URL point at Google or a stand-in.
 */
import { callPlatform, isHeaderSafe, jsonOf } from './platform-http.ts';

const READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

export class YoutubeClient {
  constructor(
    private readonly settings: {
      apiUrl: string;
      authorizeUrl: string;
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      channelId: string;
    },
  ) {}

  /** Google's consent page; it returns to `redirectUri` with `code` and `state`. */
  loginUrl(redirectUri: string, state: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', READONLY_SCOPE);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The access token for an approved code, or null when Google refuses the code. */
  async accessToken(code: string, redirectUri: string): Promise<string | null> {
    const answer = await callPlatform('youtube', this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
      }).toString(),
    });
    // Google answers a used, expired or foreign code with 400 invalid_grant.
    if (answer.status === 400 || answer.status === 401) return null;
    return jsonOf<{ access_token?: string }>('youtube', answer).access_token ?? null;
  }

  /** Whether the token's viewer subscribes to our channel; null when Google refuses the token. */
  async isSubscribed(accessToken: string): Promise<boolean | null> {
    if (!isHeaderSafe(accessToken)) return null;
    const url = new URL(`${this.settings.apiUrl}/subscriptions`);
    url.searchParams.set('part', 'id');
    url.searchParams.set('mine', 'true');
    url.searchParams.set('forChannelId', this.settings.channelId);
    const answer = await callPlatform('youtube', url.toString(), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (answer.status === 401 || answer.status === 403) return null;
    const list = jsonOf<{ items?: unknown[] }>('youtube', answer);
    return (list.items?.length ?? 0) > 0;
  }
}
