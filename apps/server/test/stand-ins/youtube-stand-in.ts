/**
 * Stand-in for Google and the YouTube Data API: the consent page (authorization
 * code), POST /token, and GET /subscriptions?mine=true&forChannelId=... with
 * the viewer's bearer token.
 */
import { randomBytes } from 'node:crypto';
import { startStandIn, type RunningStandIn } from './http-stand-in.ts';

export interface YoutubeViewer {
  id: string;
  /** The channels the viewer subscribes to. */
  subscriptions: Set<string>;
}

export interface YoutubeStandIn extends RunningStandIn {
  settings: { clientId: string; clientSecret: string; channelId: string };
  /** The server's settings for checking with the YouTube Data API through this stand-in. */
  env: Record<string, string>;
  /** The viewer who approves the next consent; a new one unless set. */
  nextViewer: YoutubeViewer | null;
  createViewer(subscribed: boolean): { viewer: YoutubeViewer; accessToken: string };
}

export async function startYoutubeStandIn(
  options: { port?: number } = {},
): Promise<YoutubeStandIn> {
  const settings = {
    clientId: 'youtube-client.apps.example',
    clientSecret: 'youtube-client-secret',
    channelId: 'UCnetpulse00000000000000',
  };
  const viewers = new Map<string, YoutubeViewer>();
  const codes = new Map<string, { viewerId: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  let counter = 0;

  const createViewer = (subscribed: boolean) => {
    counter += 1;
    const viewer: YoutubeViewer = {
      id: `viewer-${counter}`,
      subscriptions: new Set(subscribed ? [settings.channelId] : []),
    };
    viewers.set(viewer.id, viewer);
    const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
    tokens.set(accessToken, viewer.id);
    return { viewer, accessToken };
  };
  const googleError = (status: number, reason: string) => ({
    status,
    json: { error: { code: status, message: reason, errors: [{ reason }] } },
  });

  const standIn: Partial<YoutubeStandIn> = { nextViewer: null };
  const running = await startStandIn((request) => {
    const path = request.url.pathname;
    const query = request.url.searchParams;
    if (path === '/o/oauth2/v2/auth') {
      if (query.get('client_id') !== settings.clientId || query.get('response_type') !== 'code') {
        return { status: 400, json: { error: 'invalid_request' } };
      }
      const viewer = standIn.nextViewer ?? createViewer(true).viewer;
      const code = `4/${randomBytes(12).toString('hex')}`;
      const redirectUri = query.get('redirect_uri') ?? '';
      codes.set(code, { viewerId: viewer.id, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      return { status: 302, location: back.toString() };
    }
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(request.body);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        form.get('client_id') !== settings.clientId ||
        form.get('client_secret') !== settings.clientSecret
      ) {
        return { status: 401, json: { error: 'invalid_client' } };
      }
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
        return { status: 400, json: { error: 'invalid_grant' } };
      }
      const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
      tokens.set(accessToken, grant.viewerId);
      return {
        status: 200,
        json: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' },
      };
    }
    if (path === '/youtube/v3/subscriptions') {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const viewer = viewers.get(tokens.get(bearer ?? '') ?? '');
      if (!viewer) return googleError(401, 'authError');
      if (query.get('mine') !== 'true') return googleError(400, 'missingRequiredParameter');
      const channel = query.get('forChannelId') ?? '';
      const items = viewer.subscriptions.has(channel)
        ? [{ kind: 'youtube#subscription', id: `sub-${viewer.id}-${channel}` }]
        : [];
      return {
        status: 200,
        json: {
          kind: 'youtube#subscriptionListResponse',
          pageInfo: { totalResults: items.length },
          items,
        },
      };
    }
    return googleError(404, 'notFound');
  }, options.port);

  return Object.assign(standIn, running, {
    settings,
    createViewer,
    env: {
      YOUTUBE_CLIENT_ID: settings.clientId,
      YOUTUBE_CLIENT_SECRET: settings.clientSecret,
      YOUTUBE_CHANNEL_ID: settings.channelId,
      YOUTUBE_API_URL: `${running.url}/youtube/v3`,
      GOOGLE_AUTHORIZE_URL: `${running.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${running.url}/token`,
    },
  }) as YoutubeStandIn;
}
