/**
 * Stand-in for X: the OAuth 1.0a login (request_token, authenticate,
 * access_token) and the v1.1 lookups the quests use. Every signed call is
 * checked against the consumer secret and the token's secret, as X does.
 */
import { randomBytes } from 'node:crypto';
import { oauthSignature, parseOAuthHeader } from '../../src/providers/social/oauth1.ts';
import { startStandIn, type RunningStandIn, type StandInRequest } from './http-stand-in.ts';

export interface XAccount {
  id: string;
  screenName: string;
  name: string;
  follows: Set<string>;
  retweets: Set<string>;
}

export interface XStandIn extends RunningStandIn {
  consumer: { key: string; secret: string };
  /** A new account with tokens, as if it had logged in. */
  createAccount(name?: string): { account: XAccount; token: string; tokenSecret: string };
  accounts: Map<string, XAccount>;
  /** The name of the accounts the next browser logins create (each login is a new account). */
  setLoginName(name: string | undefined): void;
}

const token = () => randomBytes(16).toString('hex');

export async function startXStandIn(options: { port?: number; defaultName?: string } = {}) {
  const consumer = { key: 'x-consumer-key', secret: 'x-consumer-secret' };
  const accounts = new Map<string, XAccount>();
  const requestTokens = new Map<
    string,
    { secret: string; callback: string; verifier?: string; accountId?: string }
  >();
  const accessTokens = new Map<string, { secret: string; accountId: string }>();
  let counter = 0;

  const newAccount = (name?: string): XAccount => {
    counter += 1;
    const account: XAccount = {
      id: String(1_000_000 + counter),
      screenName: `x_tester_${counter}`,
      name: name ?? options.defaultName ?? `X Tester ${counter}`,
      follows: new Set(),
      retweets: new Set(),
    };
    accounts.set(account.id, account);
    return account;
  };
  const issueAccessToken = (accountId: string) => {
    const issued = { token: token(), tokenSecret: token() };
    accessTokens.set(issued.token, { secret: issued.tokenSecret, accountId });
    return issued;
  };

  /** The request's oauth parameters when its signature is right for `tokenSecret`. */
  const signed = (
    request: StandInRequest,
    tokenSecretOf: (token?: string) => string | undefined,
  ) => {
    const oauth = parseOAuthHeader(request.headers.authorization);
    if (!oauth || oauth.oauth_consumer_key !== consumer.key) return null;
    const tokenSecret = tokenSecretOf(oauth.oauth_token);
    if (oauth.oauth_token && tokenSecret === undefined) return null;
    const { oauth_signature: signature, ...params } = oauth;
    const query = Object.fromEntries(request.url.searchParams);
    const baseUrl = `${standIn.url}${request.url.pathname}`;
    const expected = oauthSignature(
      request.method,
      baseUrl,
      { ...query, ...params },
      consumer.secret,
      tokenSecret,
    );
    return signature === expected ? oauth : null;
  };
  const unauthorized = {
    status: 401,
    json: { errors: [{ code: 89, message: 'Invalid or expired token.' }] },
  };
  const userJson = (account: XAccount) => ({
    id: Number(account.id),
    id_str: account.id,
    screen_name: account.screenName,
    name: account.name,
    profile_image_url_https: `https://pbs.twimg.example/${account.id}.png`,
  });

  let loginName: string | undefined;
  const running = await startStandIn((request) => {
    const path = request.url.pathname;
    if (request.method === 'POST' && path === '/oauth/request_token') {
      const oauth = signed(request, () => '');
      if (!oauth?.oauth_callback) return unauthorized;
      const issued = { token: token(), secret: token() };
      requestTokens.set(issued.token, { secret: issued.secret, callback: oauth.oauth_callback });
      return {
        status: 200,
        text: `oauth_token=${issued.token}&oauth_token_secret=${issued.secret}&oauth_callback_confirmed=true`,
      };
    }
    if (request.method === 'GET' && path === '/oauth/authenticate') {
      const pending = requestTokens.get(request.url.searchParams.get('oauth_token') ?? '');
      if (!pending) return { status: 400, text: 'unknown request token' };
      const account = newAccount(loginName);
      pending.verifier = token();
      pending.accountId = account.id;
      const back = new URL(pending.callback);
      back.searchParams.set('oauth_token', request.url.searchParams.get('oauth_token') ?? '');
      back.searchParams.set('oauth_verifier', pending.verifier);
      return { status: 302, location: back.toString() };
    }
    if (request.method === 'POST' && path === '/oauth/access_token') {
      const oauth = signed(request, (t) => requestTokens.get(t ?? '')?.secret);
      const pending = requestTokens.get(oauth?.oauth_token ?? '');
      if (!oauth || !pending?.accountId || pending.verifier !== oauth.oauth_verifier)
        return unauthorized;
      requestTokens.delete(oauth.oauth_token ?? '');
      const account = accounts.get(pending.accountId)!;
      const issued = issueAccessToken(account.id);
      return {
        status: 200,
        text: `oauth_token=${issued.token}&oauth_token_secret=${issued.tokenSecret}&user_id=${account.id}&screen_name=${account.screenName}`,
      };
    }
    const oauth = signed(request, (t) => accessTokens.get(t ?? '')?.secret);
    const caller = oauth
      ? accounts.get(accessTokens.get(oauth.oauth_token ?? '')?.accountId ?? '')
      : undefined;
    if (!caller) return unauthorized;
    if (path === '/1.1/account/verify_credentials.json')
      return { status: 200, json: userJson(caller) };
    if (path === '/1.1/friendships/show.json') {
      const source = accounts.get(request.url.searchParams.get('source_id') ?? '');
      const target = request.url.searchParams.get('target_screen_name') ?? '';
      if (!source)
        return { status: 404, json: { errors: [{ code: 50, message: 'User not found.' }] } };
      return {
        status: 200,
        json: {
          relationship: {
            source: { id_str: source.id, following: source.follows.has(target) },
            target: { screen_name: target },
          },
        },
      };
    }
    if (path === '/1.1/statuses/show.json') {
      const tweetId = request.url.searchParams.get('id') ?? '';
      const retweeted = caller.retweets.has(tweetId);
      return {
        status: 200,
        json: {
          id_str: tweetId,
          ...(retweeted ? { current_user_retweet: { id_str: `rt-${caller.id}-${tweetId}` } } : {}),
        },
      };
    }
    return {
      status: 404,
      json: { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] },
    };
  }, options.port);

  const standIn: XStandIn = Object.assign(running, {
    consumer,
    accounts,
    createAccount: (name?: string) => {
      const account = newAccount(name);
      const issued = issueAccessToken(account.id);
      return { account, ...issued };
    },
    setLoginName: (name: string | undefined) => {
      loginName = name;
    },
  });
  return standIn;
}
