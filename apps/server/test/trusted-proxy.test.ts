/**
 * Behind a proxy that appends to X-Forwarded-For (docs/decisions/027): the
 * client is the address the trusted proxy saw, never what the client itself
 * wrote leftmost in the header. A request from the proxy (127.0.0.1) carrying
 * `X-Forwarded-For: 127.0.0.1, 203.0.113.9` is 203.0.113.9's, for /metrics, the
 * per-address rate limits and the login throttle alike.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES } from '@netpulse/shared';
import { METRICS_MESSAGES } from '../src/modules/metrics/routes.ts';
import { AUTH, signUpVerified } from './helpers/auth-flow.ts';
import { solvedCaptcha } from './helpers/captcha.ts';
import { useTestApp, type TestApp } from './helpers/test-app.ts';
import { english } from '../src/lib/server-intl.ts';

const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.9';
const OTHER_CLIENT = '203.0.113.10';
const METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789';

/** A request the proxy on this machine passes on, having appended `client`. */
const throughProxy = (client: string, spoofed?: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client },
});

/** What a client puts leftmost, a different one each time. */
const spoofs = (count: number) => [
  '127.0.0.1',
  '::1',
  ...Array.from({ length: count - 2 }, (_, index) => `198.51.100.${index + 1}`),
];

async function logIn(t: TestApp, name: string, password: string, client: string, spoof: string) {
  return t.app.inject({
    method: 'POST',
    url: `${AUTH}/login`,
    ...throughProxy(client, spoof),
    payload: { emailOrUsername: name, password, captchaResponse: await solvedCaptcha(t.app) },
  });
}

describe.each(['1', PROXY])('with TRUST_PROXY=%s', (TRUST_PROXY) => {
  const t = useTestApp({ env: { TRUST_PROXY, METRICS_TOKEN } });

  it('refuses /metrics without the token to a client that writes a loopback address leftmost', async () => {
    for (const spoof of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...throughProxy(CLIENT, spoof),
      });
      expect({ spoof, status: response.statusCode }).toEqual({ spoof, status: 401 });
      expect(response.json()).toEqual({ success: false, message: METRICS_MESSAGES.tokenNeeded });
    }
    // The proxy's own request is still this machine's.
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: PROXY });
    expect(local.statusCode).toBe(200);
  });

  it("counts the per-address rate limit against the proxy's client whatever is put leftmost", async () => {
    // POST /login allows 20 a minute from one address; an empty body is a 400 after the count.
    const login = (client: string, spoof?: string) =>
      t.app.inject({ method: 'POST', url: `${AUTH}/login`, ...throughProxy(client, spoof) });
    for (const spoof of spoofs(20)) {
      expect((await login(CLIENT, spoof)).statusCode).toBe(400);
    }
    const limited = await login(CLIENT, '198.51.100.200');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    expect((await login(CLIENT)).statusCode).toBe(429);
    // Another client behind the same proxy keeps its own count.
    expect((await login(OTHER_CLIENT, '198.51.100.200')).statusCode).toBe(400);
  });

  it("counts failed passwords against the proxy's client whatever is put leftmost", async () => {
    const person = await signUpVerified(t);
    for (const spoof of spoofs(5)) {
      const failed = await logIn(t, person.username, 'wrong password', CLIENT, spoof);
      expect(failed.statusCode).toBe(401);
    }
    const throttled = await logIn(t, person.username, person.password, CLIENT, '198.51.100.200');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      success: false,
      message: english(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes: 15 }),
    });
    // The owner, behind the same proxy from elsewhere, is not locked out.
    const owner = await logIn(t, person.username, person.password, OTHER_CLIENT, CLIENT);
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
