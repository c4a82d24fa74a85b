import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { fetchChallenge, solve } from './helpers/captcha.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const apps: TestApp[] = [];
async function app(env: Record<string, string> = {}) {
  const testApp = await createTestApp({ env });
  apps.push(testApp);
  return testApp;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((testApp) => testApp.close()));
});

describe('ALTCHA', () => {
  it('serves a challenge the widget reads: v2 parameters and signature at the top level, not cached', async () => {
    const t = await app();
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'parameters', 'signature', 'success']);
    expect(body.success).toBe(true);
    const expires = Math.floor(t.clock.now().getTime() / 1000) + 600;
    expect(body.parameters).toMatchObject({
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: expires,
      data: { expires },
    });
  });

  it('accepts a solved challenge once', async () => {
    const t = await app();
    const payload = await solve(await fetchChallenge(t.app));
    expect(await t.app.captcha.verify(payload, '127.0.0.1')).toBe(true);
    expect(await t.app.captcha.verify(payload, '127.0.0.1')).toBe(false);
  });

  it('refuses a solution after the challenge expired (10 minutes, by the app clock)', async () => {
    const t = await app();
    const challenge = await fetchChallenge(t.app);
    const payload = await solve(challenge);
    t.clock.advance(10 * 60_000);
    expect(await t.app.captcha.verify(payload, '127.0.0.1')).toBe(false);
  });

  it('refuses tampered, foreign and malformed payloads', async () => {
    const t = await app();
    const other = await app();
    const challenge = await fetchChallenge(t.app);
    const genuine = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

    const longerLife = structuredClone(genuine);
    longerLife.challenge.parameters.data.expires += 3600;
    const wrongKey = structuredClone(genuine);
    wrongKey.solution.derivedKey = '00'.repeat(32);
    const unsigned = structuredClone(genuine);
    delete unsigned.challenge.signature;

    for (const payload of [
      encode(longerLife),
      encode(wrongKey),
      encode(unsigned),
      'bm90IGpzb24=',
      '',
      '!!!',
    ]) {
      expect(await t.app.captcha.verify(payload, '127.0.0.1')).toBe(false);
    }
    // Signed by another server (another auth secret).
    expect(
      await t.app.captcha.verify(await solve(await fetchChallenge(other.app)), '127.0.0.1'),
    ).toBe(false);
    // The genuine one still works: the refusals above did not use it up.
    expect(await t.app.captcha.verify(encode(genuine), '127.0.0.1')).toBe(true);
  });
});

describe('hosted captchas (Turnstile, hCaptcha)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.close();
    server = undefined;
  });

  /** A local siteverify that records the form it got and answers as told. */
  async function standIn(answer: (form: URLSearchParams) => { status: number; body: string }) {
    const forms: URLSearchParams[] = [];
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        forms.push(form);
        const { status, body: reply } = answer(form);
        response.writeHead(status, { 'content-type': 'application/json' }).end(reply);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/siteverify`, forms };
  }

  it.each(['turnstile', 'hcaptcha'])(
    '%s: posts secret, response and remote IP, and accepts only success: true',
    async (provider) => {
      const verify = await standIn((form) => ({
        status: 200,
        body: JSON.stringify({ success: form.get('response') === 'good-token' }),
      }));
      const t = await app({
        CAPTCHA_PROVIDER: provider,
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'the-secret',
        CAPTCHA_VERIFY_URL: verify.url,
      });
      expect(await t.app.captcha.verify('good-token', '203.0.113.7')).toBe(true);
      expect(await t.app.captcha.verify('bad-token', '203.0.113.7')).toBe(false);
      expect(Object.fromEntries(verify.forms[0]!)).toEqual({
        secret: 'the-secret',
        response: 'good-token',
        remoteip: '203.0.113.7',
      });

      const challenge = await t.app.inject({ method: 'GET', url: '/v1/api/captcha/challenge' });
      expect(challenge.statusCode).toBe(404);
    },
  );

  it.each([
    ['an error status', { status: 500, body: JSON.stringify({ success: true }) }],
    ['a body that is not JSON', { status: 200, body: 'success' }],
    [
      'a truthy success that is not true',
      { status: 200, body: JSON.stringify({ success: 'true' }) },
    ],
  ])('counts %s as not verified', async (_name, reply) => {
    const verify = await standIn(() => reply);
    const t = await app({
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'k',
      CAPTCHA_SECRET: 's',
      CAPTCHA_VERIFY_URL: verify.url,
    });
    expect(await t.app.captcha.verify('token', '127.0.0.1')).toBe(false);
  });

  it('counts an unreachable provider as not verified, and the login answers the captcha error', async () => {
    const verify = await standIn(() => ({ status: 200, body: '{}' }));
    server?.close();
    server = undefined;
    const t = await app({
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SITE_KEY: 'k',
      CAPTCHA_SECRET: 's',
      CAPTCHA_VERIFY_URL: verify.url,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/login',
      payload: { emailOrUsername: 'someone', password: 'secret', captchaResponse: 'token' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ captchaResponse: [SERVER_MESSAGES.captchaFailed] });
  });
});
