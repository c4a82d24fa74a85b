import { expect, test } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';

test.describe('logged out', () => {
  for (const path of [
    '/dashboard',
    '/referral',
    '/quests',
    '/transaction-history',
    '/earnings',
    '/notifications',
  ]) {
    test(`${path} sends the visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('/ is the login screen and an unknown path redirects to /', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('input[name="emailOrUsername"]')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('input[name="emailOrUsername"]')).toBeVisible();
  });

  test('the public screens open', async ({ page }) => {
    await page.goto('/register?ref=ABCDEFGH');
    await expect(page.locator('input[name="referralCode"]')).toHaveValue('ABCDEFGH');
    await page.goto('/forgot-password');
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await page.goto('/reset-password?token=x');
    await expect(page.locator('input[name="newPassword"]')).toBeVisible();
  });
});

test('logged in: public screens and / redirect to the dashboard, signed-in screens open', async ({
  page,
}) => {
  await signedInPerson(page, 'routes');
  for (const path of [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/verify-email/abc',
  ]) {
    await page.goto(path);
    await expect(page, `${path} redirects`).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
  const screens = {
    '/nodes': 'Nodes',
    '/referral': 'Referral',
    '/quests': 'Quests',
    '/transaction-history': 'Transaction History',
    '/earnings': 'Earnings',
    '/notifications': 'Notifications',
  };
  for (const [path, heading] of Object.entries(screens)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
});

test('the Discord callback forwards the hash token to the backend', async ({ page }) => {
  await signedInPerson(page, 'discord');
  // The backend's callback belongs to the quests work; here only the hand-over is checked.
  let forwardedTo = '';
  await page.route('**/v1/api/auth/discord/callback**', (route) => {
    forwardedTo = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'forwarded' });
  });
  // Discord hands back the one-time state the login started with, beside the token.
  await page.goto('/discord-auth#access_token=abc123&token_type=Bearer&state=state-1');
  await expect(page.getByText('forwarded')).toBeVisible();
  expect(new URL(forwardedTo).searchParams.get('accessToken')).toBe('abc123');
  expect(new URL(forwardedTo).searchParams.get('state')).toBe('state-1');

  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/discord-auth');
  await expect.poll(() => logged).toContain('Access token is missing.');
  await expect(page).toHaveURL(/\/discord-auth$/);
});
