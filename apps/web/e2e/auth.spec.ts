import { expect, test } from '@playwright/test';
import { newInvite } from './support/admin.ts';
import { linkFromMail, RESET_LINK, VERIFY_LINK } from './support/mailbox.ts';
import {
  expectToast,
  logIn,
  logOut,
  newPerson,
  register,
  verifiedPerson,
  submitRegistration,
  verifyFromMail,
} from './support/flows.ts';

test('a new person registers from the invite URL, verifies by mail, logs in, and logs out', async ({
  page,
}) => {
  const person = newPerson('ada');
  await register(page, person);

  // Before verifying, login is refused: the screen names the address and offers a new link
  // (docs/decisions/033), rather than "log in again in 5 minutes".
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/check-inbox$/);
  await expect(page.getByRole('heading', { name: 'Verify your email first' })).toBeVisible();
  await expect(page.getByTestId('inbox-address')).toHaveText(person.email);
  await expect(page.getByRole('button', { name: 'Resend the email' })).toBeEnabled();

  await verifyFromMail(page, person);
  // The same link again says the address is verified, not that it is not, and offers to log in.
  await page.goto(await linkFromMail(person.email, VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Already verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, person.username, person.password);
  await expectToast(page, 'Logged in successfully!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText(person.username)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await logOut(page, person);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  // The session is gone: the signed-in screens send the person back to login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('validation messages show beneath a field once it has been touched', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('Email is required')).toHaveCount(0);
  const email = page.locator('input[name="email"]');
  await email.focus();
  await email.blur();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await page.locator('input[name="username"]').fill('ab');
  await page.locator('input[name="username"]').blur();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await page.locator('input[name="password"]').fill('secret');
  await page.locator('input[name="confirmPassword"]').fill('secreT');
  await page.locator('input[name="confirmPassword"]').blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  await page.goto('/login');
  const password = page.locator('input[name="password"]');
  await password.fill('abc');
  await password.blur();
  await expect(page.getByText('Password is too short! (minimum 4 characters)')).toBeVisible();
  const who = page.locator('input[name="emailOrUsername"]');
  await who.fill('a b');
  await who.blur();
  await expect(page.getByText('Please enter a valid email or username')).toBeVisible();
});

test('login without the captcha asks for it and sends nothing', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/v1/api/auth/login')) sent = true;
  });
  await page.goto('/login');
  await page.locator('input[name="emailOrUsername"]').fill('someone');
  await page.locator('input[name="password"]').fill('password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please complete the CAPTCHA verification.').first()).toBeVisible();
  expect(sent).toBe(false);
});

test('before its code runs, the prerendered login form cannot put the password in the address', async ({
  page,
}) => {
  // The page as a slow phone shows it first: the server's markup, no script run yet.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await page.locator('input[name="emailOrUsername"]').fill('someone');
  await page.locator('input[name="password"]').fill('a-secret-password');
  const submitted = page.waitForURL(/password=/, { timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  await page.locator('input[name="password"]').press('Enter');
  expect(await submitted).toBe(false);
  expect(page.url()).not.toContain('a-secret-password');
});

test('a wrong password is refused with the server message', async ({ page }) => {
  const person = await verifiedPerson(page, 'wrong');
  await logIn(page, person.username, 'not-the-password');
  await expectToast(page, 'Invalid email/username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown invite code is refused beneath the field', async ({ page }) => {
  await submitRegistration(page, newPerson('noinv'), 'ZZZZZZZZ');
  await expect(page.getByText('This invite code is not valid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});

test('forgot password mails a link; the new password works and the old one does not', async ({
  page,
}) => {
  const person = await verifiedPerson(page, 'reset');

  await page.goto('/forgot-password');
  await page.locator('input[name="email"]').fill(person.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Password reset email sent successfully.');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(await linkFromMail(person.email, RESET_LINK));
  await page.locator('input[name="newPassword"]').fill('brand-new-pass');
  await page.locator('input[name="confirmPassword"]').fill('brand-new-pass');
  await page.getByRole('button', { name: /reset/i }).click();
  await expectToast(page, 'Your password has been successfully reset.');
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, person.email, person.password);
  await expectToast(page, 'Invalid email/username or password');
  await logIn(page, person.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password answers the same for an unknown email', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.locator('input[name="email"]').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Password reset email sent successfully.');
});

test('an invalid verification link says so and offers a new one (docs/decisions/033)', async ({
  page,
}) => {
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(/invalid or already used/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\/not-a-real-token$/);
});

test('a reset link without a token fails with the spec message', async ({ page }) => {
  await page.goto('/reset-password');
  await page.locator('input[name="newPassword"]').fill('brand-new-pass');
  await page.locator('input[name="confirmPassword"]').fill('brand-new-pass');
  await page.getByRole('button', { name: /reset/i }).click();
  await expectToast(page, 'This link is missing its token. Please use the link from your email.');
  await expect(page).toHaveURL(/\/reset-password/);
});

test('an invite is single use', async ({ page }) => {
  const invite = newInvite();
  await register(page, newPerson('first'), invite);
  await submitRegistration(page, newPerson('second'), invite);
  await expect(page.getByText('This invite code is not valid').first()).toBeVisible();
});
