import { expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

it('documents the routes with their bodies and answers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  const { paths } = response.json();
  for (const path of [
    'signup',
    'login',
    'refresh-token',
    'logout',
    'forgot-password',
    'reset-password',
  ]) {
    expect(paths[`/v1/api/auth/${path}`]?.post?.responses?.['200'], path).toBeDefined();
  }
  expect(paths['/v1/api/auth/verify-email/{token}']?.get?.parameters?.[0]?.name).toBe('token');
  expect(paths['/v1/api/auth/profile']?.get?.responses?.['401']).toBeDefined();
  expect(paths['/v1/api/captcha/challenge']?.get?.responses?.['200']).toBeDefined();
  for (const [path, method] of [
    ['/v1/api/daily-claim', 'post'],
    ['/v1/api/claim-streaks-points', 'post'],
    ['/v1/api/speedtests', 'post'],
    ['/v1/api/points', 'post'],
    ['/v1/api/points', 'get'],
    ['/v1/api/constants', 'get'],
    ['/v1/api/dashboard-stats', 'get'],
    ['/v1/api/dashboard/seasons/chart', 'get'],
    ['/v1/api/transactions', 'get'],
    ['/v1/api/earnings/seasons', 'get'],
    ['/v1/api/nodes', 'get'],
    ['/v1/api/nodes', 'post'],
    ['/v1/api/nodes/heartbeat', 'post'],
    ['/v1/api/nodes/refresh-token', 'post'],
    ['/v1/api/nodes/{nodeId}', 'patch'],
    ['/v1/api/nodes/{nodeId}', 'delete'],
    ['/v1/api/points/history', 'get'],
    ['/v1/api/points/{testId}/receipt', 'get'],
    ['/v1/api/transactions/export', 'get'],
    ['/v1/api/points/export', 'get'],
    ['/v1/api/auth/login/two-factor', 'post'],
    ['/v1/api/account/two-factor', 'get'],
    ['/v1/api/account/two-factor/totp', 'post'],
    ['/v1/api/account/two-factor/totp', 'delete'],
    ['/v1/api/account/two-factor/totp/confirm', 'post'],
    ['/v1/api/account/two-factor/recovery-codes', 'post'],
  ] as const) {
    expect(paths[path]?.[method]?.responses?.['200'], `${method} ${path}`).toBeDefined();
  }
  // The exports answer CSV, and take the lists' filters without paging.
  for (const [path, filters] of [
    ['/v1/api/transactions/export', ['endDate', 'season', 'startDate']],
    ['/v1/api/points/export', ['endDate', 'hideIp', 'nodeId', 'startDate']],
  ] as const) {
    const operation = paths[path].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(filters);
  }
  const transactionFilters = paths['/v1/api/transactions'].get.parameters.map(
    (parameter: { name: string }) => parameter.name,
  );
  expect(transactionFilters.sort()).toEqual(
    ['endDate', 'pageNumber', 'pageSize', 'season', 'startDate'].sort(),
  );
  // A login answers a token, or the challenge of its second step (issue 29): both documented.
  const loginData = JSON.stringify(
    paths['/v1/api/auth/login'].post.responses['200'].content['application/json'].schema.properties
      .data,
  );
  expect(loginData).toContain('accessToken');
  expect(loginData).toContain('twoFactorRequired');
  const signupBody =
    paths['/v1/api/auth/signup'].post.requestBody.content['application/json'].schema;
  expect(Object.keys(signupBody.properties).sort()).toEqual(
    ['captchaResponse', 'confirmPassword', 'email', 'password', 'referralCode', 'username'].sort(),
  );
});

it('serves /docs under a policy that allows its one inline style by hash, never unsafe-inline', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/docs/' });
  expect(response.statusCode).toBe(200);
  const policy = String(response.headers['content-security-policy']);
  expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain("script-src 'self'");
});
