/** The server's platform: health, envelope for unknown and malformed requests, SPA serving, headers. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

const APP_SCRIPT = `console.log(${JSON.stringify('app '.repeat(500))})`;
/** Markup enough for a page to be worth compressing (lib/compressed-body.ts). */
const PAGE_TEXT = '<p>Speed tests, Bytes and quests.</p>'.repeat(60);

function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'netpulse-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>App</title><!--app-config--></head><body>${PAGE_TEXT}</body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'app-1234.js'), APP_SCRIPT);
  // The build's compressed copies (apps/web/precompress-plugin.ts).
  writeFileSync(join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(APP_SCRIPT));
  writeFileSync(join(dist, 'assets', 'app-1234.js.gz'), gzipSync(APP_SCRIPT));
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(
    join(dist, 'prerendered', 'login.en.html'),
    '<!doctype html><html><head><title>App</title><!--app-config--></head>' +
      '<body><div id="root"><p data-p="__SHOWN_SETTING_captchaProvider__">Welcome back to __SHOWN_SETTING_productName__.</p>' +
      `${PAGE_TEXT}</div></body></html>`,
  );
  writeFileSync(
    join(dist, 'prerendered', 'login.en.with-ads.html'),
    '<!doctype html><html><head><title>App</title><!--app-config--></head>' +
      '<body><div id="root"><p>Login with ad slots</p></div></body></html>',
  );
  writeFileSync(
    join(dist, 'prerendered', 'login.ru.html'),
    '<!doctype html><html lang="ru"><head><title>App</title><!--app-config--></head>' +
      '<body><div id="root"><p>С возвращением</p></div></body></html>',
  );
  return dist;
}

function rawRequest(port: number, method: string, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('health', () => {
  it('reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { database: 'ok' } });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, data: { database: 'unavailable' } });
    } finally {
      await broken.app.close();
    }
  });
});

describe('the envelope for what a client gets wrong', () => {
  it('an unknown API path is a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('an HTTP method no route knows is an envelope too', async () => {
    // light-my-request refuses such methods, so this goes over a real socket.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const method of ['TRACK', 'PROPFIND', 'MKCOL']) {
      const response = await rawRequest(port, method, '/v1/api/auth/login');
      expect(response.status, method).toBeGreaterThanOrEqual(400);
      expect(response.status, method).toBeLessThan(500);
      expect(JSON.parse(response.body), method).toEqual({
        success: false,
        message: expect.any(String),
      });
    }
  });

  it('malformed JSON is a 400 envelope, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('a body that is not an object names the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/forgot-password',
      payload: [1, 2],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['body']);
  });

  it('an unsupported content type is a 415 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/api/auth/forgot-password',
      headers: { 'content-type': 'text/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('the web app on the same origin', () => {
  it('serves index.html with the public settings for any page path, escaped', async () => {
    const web = await createTestApp({
      webDistDir: builtWebApp(),
      env: { PRODUCT_NAME: 'Net</script><b>pulse', EXTENSION_STORE_URL: 'https://store.example/x' },
    });
    try {
      const response = await web.app.inject({ method: 'GET', url: '/transaction-history?x=1' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const json = response.body.match(
        /<script type="application\/json" id="app-config">(.*?)<\/script>/,
      )?.[1];
      expect(json).toBeDefined();
      expect(JSON.parse(json ?? '')).toEqual({
        productName: 'Net</script><b>pulse',
        captchaProvider: 'altcha',
        captchaSiteKey: null,
        extensionId: null,
        extensionStoreUrl: 'https://store.example/x',
        adScriptUrl: null,
        // No platform credentials here: only YouTube (decided by an operator) is available.
        questPlatforms: { x: false, discord: false, telegram: false, youtube: true },
        youtubeSignIn: false,
        telegramBotUsername: null,
      });
      expect(response.body).toContain('<title>Net&#60;/script&#62;&#60;b&#62;pulse</title>');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");

      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await web.close();
    }
  });

  it('sends the scripts and pages compressed to a browser that accepts it, and plain otherwise', async () => {
    const web = await createTestApp({ webDistDir: builtWebApp() });
    const get = (url: string, acceptEncoding?: string) =>
      web.app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    try {
      const brotli = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_SCRIPT);
      const gzip = await get('/assets/app-1234.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_SCRIPT);
      const plain = await get('/assets/app-1234.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(APP_SCRIPT);

      // The pages, filled in at start, are compressed by the server (once, then kept).
      const page = await get('/login', 'gzip, deflate, br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
      const pageText = brotliDecompressSync(page.rawPayload).toString();
      expect(pageText).toContain('Welcome back to Netpulse.');
      expect(brotliDecompressSync((await get('/login', 'br')).rawPayload).toString()).toBe(
        pageText,
      );
      const gzipPage = await get('/register', 'gzip;q=1, br;q=0');
      expect(gzipPage.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipPage.rawPayload).toString()).toContain('<!doctype html>');
      const plainPage = await get('/login', 'identity');
      expect(plainPage.headers['content-encoding']).toBeUndefined();
      expect(plainPage.body).toBe(pageText);
    } finally {
      await web.close();
    }
  });

  it('serves a prerendered page for its path, with the settings filled in and escaped', async () => {
    const web = await createTestApp({
      webDistDir: builtWebApp(),
      env: { PRODUCT_NAME: 'Net</p><b>pulse' },
    });
    try {
      const login = await web.app.inject({ method: 'GET', url: '/login?next=1' });
      expect(login.statusCode).toBe(200);
      expect(login.headers['content-type']).toContain('text/html');
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.body).toContain(
        '<p data-p="altcha">Welcome back to Net&#60;/p&#62;&#60;b&#62;pulse.</p>',
      );
      expect(login.body).toContain('id="app-config"');
      expect(login.body).toContain('<title>Net&#60;/p&#62;&#60;b&#62;pulse</title>');
      // Other paths get index.html; the raw file is not served as an asset.
      const register = await web.app.inject({ method: 'GET', url: '/register' });
      expect(register.body).not.toContain('Welcome back');
      const raw = await web.app.inject({ method: 'GET', url: '/prerendered/login.en.html' });
      expect(raw.body).not.toContain('__SHOWN_SETTING_');
    } finally {
      await web.close();
    }
  });

  it('sends a prerendered page in the language chosen in the browser, else asked for, else English', async () => {
    const web = await createTestApp({ webDistDir: builtWebApp() });
    const login = (headers: Record<string, string>) =>
      web.app.inject({ method: 'GET', url: '/login', headers });
    try {
      const russian = await login({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
      expect(russian.body).toContain('С возвращением');
      expect(russian.headers.vary).toContain('Accept-Language');
      // The choice made on a page wins over the browser's languages.
      const chosen = await login({ 'accept-language': 'ru', cookie: 'np_locale=en' });
      expect(chosen.body).toContain('Welcome back to');
      // A language with no page of its own (none built here) gets the English one.
      const spanish = await login({ 'accept-language': 'es' });
      expect(spanish.body).toContain('Welcome back to');
      const unknown = await login({ cookie: 'np_locale=xx', 'accept-language': 'fr' });
      expect(unknown.body).toContain('Welcome back to');
    } finally {
      await web.close();
    }
  });

  it('serves the page made with ad slots only when an ad script is configured', async () => {
    const withoutAds = await createTestApp({ webDistDir: builtWebApp() });
    const withAds = await createTestApp({
      webDistDir: builtWebApp(),
      env: { AD_SCRIPT_URL: 'https://ads.example.com/ads.js' },
    });
    try {
      const plain = await withoutAds.app.inject({ method: 'GET', url: '/login' });
      expect(plain.body).toContain('Welcome back to');
      expect(plain.body).not.toContain('Login with ad slots');
      const ads = await withAds.app.inject({ method: 'GET', url: '/login' });
      expect(ads.body).toContain('Login with ad slots');
      // The page with ads has no path of its own.
      const own = await withoutAds.app.inject({ method: 'GET', url: '/login.with-ads' });
      expect(own.body).not.toContain('Login with ad slots');
    } finally {
      await withoutAds.close();
      await withAds.close();
    }
  });

  it('without a web build, pages get the 404 envelope and the API still works', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('API answers carry the CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/config' });
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    // One framing rule: an X-Frame-Options beside frame-ancestors could only contradict it.
    expect(response.headers).not.toHaveProperty('x-frame-options');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
  });

  it('behind https, answers ask browsers to stay on https (HSTS); over http they do not', async () => {
    expect((await t.app.inject({ url: '/v1/api/config' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://netpulse.example' } });
    try {
      const response = await https.app.inject({ url: '/v1/api/config' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('the CSP allows only the configured third-party origins', async () => {
    const web = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SITE_KEY: 'site',
        CAPTCHA_SECRET: 'secret',
        AD_SCRIPT_URL: 'https://ads.example/tag.js',
      },
    });
    try {
      const csp = (await web.app.inject({ method: 'GET', url: '/v1/api/config' })).headers[
        'content-security-policy'
      ] as string;
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toContain('https://challenges.cloudflare.com');
      expect(scriptSrc).toContain('https://ads.example');
      expect(scriptSrc).not.toContain('hcaptcha');
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      // Telegram's login is not configured here, so neither are its origins.
      expect(csp).not.toContain('telegram.org');
    } finally {
      await web.close();
    }
  });

  it('the CSP names no third party when none is configured, and Telegram only with its bot', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/v1/api/config' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).not.toMatch(/https:\/\/(?!\*)[^ ;]*\.[a-z]+/);
    const telegram = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: '123:abc',
        TELEGRAM_BOT_USERNAME: 'netpulse_bot',
        TELEGRAM_CHAT_ID: '-100',
      },
    });
    try {
      const withTelegram = (await telegram.app.inject({ method: 'GET', url: '/v1/api/config' }))
        .headers['content-security-policy'] as string;
      expect(withTelegram).toContain('https://telegram.org');
      expect(withTelegram).toContain('https://oauth.telegram.org');
    } finally {
      await telegram.close();
    }
  });

  it('OpenAPI documents the auth routes at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/v1/api/auth/login');
  });
});
