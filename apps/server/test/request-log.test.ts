/**
 * What the log says about requests at the default level (issue 14): one line per
 * API request, none for the health checks a balancer sends every few seconds or
 * for the web app's files and pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'netpulse-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>x</title><!--app-config-->');
writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

let t: TestApp;
let records: { msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
beforeEach(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().trim().split('\n')) records.push(JSON.parse(line));
  });
  t = await createTestApp({ webDistDir: webDist, logStream });
});
afterEach(async () => {
  await t.close();
  records = [];
});

it('logs no line for a health check, a static file or a page', async () => {
  const before = records.length;
  for (const url of ['/v1/health', '/assets/app-1234.js', '/login', '/dashboard']) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  }
  // Only request lines count: a job the queue runs meanwhile (on a shared database, one
  // another file queued) may log its own steps.
  expect(records.slice(before).filter((record) => record.req || record.res)).toEqual([]);
});

it('logs each API request once, with its status', async () => {
  await t.app.inject({ method: 'GET', url: '/v1/api/config' });
  await t.app.inject({ method: 'GET', url: '/v1/api/no-such-call' });
  expect(records.filter((record) => record.req)).toMatchObject([
    { msg: 'request completed', req: { url: '/v1/api/config' }, res: { statusCode: 200 } },
    { msg: 'request completed', req: { url: '/v1/api/no-such-call' }, res: { statusCode: 404 } },
  ]);
});

it('masks the secrets a platform login carries in its address', async () => {
  const secrets = ['discord-access', 'x-oauth', 'x-verifier', 'google-code', 'login-state'];
  await t.app.inject({
    method: 'GET',
    url: `/v1/api/auth/discord/callback?accessToken=${secrets[0]}`,
  });
  await t.app.inject({
    method: 'GET',
    url: `/v1/api/auth/twitter/callback?oauth_token=${secrets[1]}&oauth_verifier=${secrets[2]}`,
  });
  await t.app.inject({
    method: 'GET',
    url: `/v1/api/auth/youtube/callback?code=${secrets[3]}&state=${secrets[4]}`,
  });
  const urls = records.filter((record) => record.req).map((record) => record.req!.url);
  expect(urls).toEqual([
    '/v1/api/auth/discord/callback?accessToken=***',
    '/v1/api/auth/twitter/callback?oauth_token=***&oauth_verifier=***',
    '/v1/api/auth/youtube/callback?code=***&state=***',
  ]);
});

it('masks a password sent in an address (a form the browser submitted itself)', async () => {
  await t.app.inject({
    method: 'GET',
    url: '/v1/api/auth/login?emailOrUsername=a&password=hunter2',
  });
  const urls = records.filter((record) => record.req).map((record) => record.req!.url);
  expect(urls).toEqual(['/v1/api/auth/login?emailOrUsername=a&password=***']);
});
