import { expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

it('documents the auth and captcha routes with their bodies and answers', async () => {
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
  const signupBody =
    paths['/v1/api/auth/signup'].post.requestBody.content['application/json'].schema;
  expect(Object.keys(signupBody.properties).sort()).toEqual(
    ['captchaResponse', 'confirmPassword', 'email', 'password', 'referralCode', 'username'].sort(),
  );
});
