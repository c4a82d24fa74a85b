/**
 * The first run (issue 27, docs/decisions/033): "Check your inbox" and its resend, a
 * bad verification link, the dashboard's checklist ticking step by step until it is
 * gone, the install page, and a banned person's open tab landing on /login with the
 * reason. (The sidebar's "Extension connected" with the real extension is in
 * extension.spec.ts, which launches it.)
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { admin, newInvite } from './support/admin.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import {
  expectToast,
  logIn,
  newPerson,
  register,
  signedInPerson,
  submitRegistration,
  verifyFromMail,
} from './support/flows.ts';
import { linkFromMail, VERIFY_LINK } from './support/mailbox.ts';
import { waitForQuietNetwork, watchRequests } from './support/quiet-network.ts';
import { runSpeedtest } from './support/speedtest.ts';

/** A POST to the API with the page's own session, as the app and the extension make it. */
async function callApi(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/v1/api${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );
}

test('after sign-up, Check your inbox names the address; Resend waits its minute, then mails a link that works', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const person = newPerson('inbox');
  await register(page, person);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const resend = page.getByRole('button', { name: 'Resend the email' });
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can resend in \d+ s\.$/)).toBeVisible();
  const firstLink = await linkFromMail(person.email, VERIFY_LINK);

  await expect(resend).toBeEnabled({ timeout: 75_000 });
  await resend.click();
  await expect(page.getByText(/Sent: it can take a minute/)).toBeVisible();
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/You can resend in (60|59|58) s\./)).toBeVisible();

  // A second mail, with a new link; it verifies.
  let secondLink = firstLink;
  await expect
    .poll(async () => (secondLink = await linkFromMail(person.email, VERIFY_LINK)), {
      timeout: 15_000,
    })
    .not.toBe(firstLink);
  await page.goto(secondLink);
  await expectToast(page, 'You have successfully verified your account.');
  await expect(page).toHaveURL(/\/$/);
});

test('a bad verification link says it is invalid or used and offers a new one for the address typed', async ({
  page,
}) => {
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(/invalid or already used/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The answer is the same for every address: this one has no account.
  await page.getByLabel('Email').fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(/Sent: it can take a minute/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeDisabled();
  await expect(page.getByText(/You can resend in \d+ s\./)).toBeVisible();
});

test('a used link of a verified address says it is verified and offers to log in', async ({
  page,
}) => {
  const person = newPerson('twice');
  await register(page, person);
  await verifyFromMail(page, person);
  await page.goto(await linkFromMail(person.email, VERIFY_LINK));
  await expect(page.getByRole('heading', { name: 'Already verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard checklist ticks each step as it is done, then goes away for good', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await signedInPerson(page, 'firstrun');
  // An address of its own: a test from 127.0.0.1 would cost other specs their Unique IP boost.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' });
  const checklist = page.getByTestId('first-run-checklist');
  const step = (key: string) => page.getByTestId(`first-run-${key}`);
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('1 of 5 done');
  await expect(step('email_verified')).toHaveAttribute('data-done', 'true');
  await expectNoSeriousA11yViolations(page);

  // Each open step links to where it is done.
  const links: [string, string][] = [
    ['Install the extension and sign it in', '/install'],
    ['Run your first speed test', '/nodes'],
    ['Claim your first daily Bytes', '/quests'],
    ['Invite your first friend', '/referral'],
  ];
  for (const [name, href] of links) {
    await expect(checklist.getByRole('link', { name })).toHaveAttribute('href', href);
  }

  // The daily claim on the dashboard ticks its step at once.
  await page.getByRole('button', { name: 'Claim 100' }).click();
  await expect(step('first_daily_claim')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('2 of 5 done');

  // A speed test through ndt7, as the extension or the Nodes screen runs one.
  await runSpeedtest(page);
  await page.reload();
  await expect(step('first_test')).toHaveAttribute('data-done', 'true');

  // The extension signs in by registering its node with the page's session.
  expect(
    await callApi(page, '/nodes', {
      nodeId: randomUUID(),
      kind: 'extension',
      name: 'Chrome on Linux',
    }),
  ).toBe(200);
  await page.reload();
  await expect(step('extension_signed_in')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('4 of 5 done');

  // A friend signs up with the referral code, in a browser of their own.
  const code = /referral code: (\S+)/.exec(admin('user', 'show', person.username))?.[1] ?? '';
  expect(code).not.toBe('');
  const friendContext = await browser.newContext();
  await register(await friendContext.newPage(), newPerson('friend'), code);
  await friendContext.close();

  // Coming back to the tab asks again: every step is done, and the list is gone.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('quests-panel')).toBeVisible();
  await expect(checklist).toHaveCount(0);
  // For good: another visit does not bring it back.
  watchRequests(page);
  await page.goto('/quests');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('quests-panel')).toBeVisible();
  await waitForQuietNetwork(page);
  await expect(checklist).toHaveCount(0);
});

test('the install page: numbered steps with drawings for Chrome, Edge and Brave, and the signed-out help', async ({
  page,
}) => {
  await page.goto('/install');
  await expect(
    page.getByRole('heading', { level: 1, name: /Install the .* Validator/ }),
  ).toBeVisible();
  const browsers = page.getByRole('radiogroup', { name: 'Your browser' });
  for (const [name, address] of [
    ['Chrome', 'chrome://extensions'],
    ['Edge', 'edge://extensions'],
    ['Brave', 'brave://extensions'],
  ] as const) {
    await browsers.getByRole('radio', { name }).click();
    await expect(browsers.getByRole('radio', { name })).toHaveAttribute('aria-checked', 'true');
    const steps = page.getByRole('list', { name: `Install steps for ${name}` });
    const titles = [
      'Step 1: Download and unzip the extension',
      `Step 2: Open ${name}'s extensions page`,
      'Step 3: Turn on Developer mode',
      'Step 4: Load unpacked',
      'Step 5: Pin it and sign in',
    ];
    await expect(steps.getByRole('heading', { level: 3 })).toHaveCount(titles.length);
    for (const [index, title] of titles.entries()) {
      await expect(steps.getByRole('heading', { level: 3 }).nth(index)).toHaveAccessibleName(title);
    }
    await expect(steps.getByRole('img')).toHaveCount(5);
    await expect(steps.getByRole('code')).toHaveText(address);
  }
  await expect(page.getByRole('link', { name: 'Download the extension' })).toHaveAttribute(
    'href',
    '/downloads/extension.zip',
  );
  await expect(
    page.getByRole('heading', { name: 'The popup says “You are signed out”?' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signed in, the sidebar's Install button leads here, with the way back.
  await signedInPerson(page, 'installer');
  await page.getByRole('link', { name: /Install .* Validator Extension/ }).click();
  await expect(page).toHaveURL(/\/install$/);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a banned person's open tab lands on /login saying the account was banned, with the reason shown to them", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const victimContext = await browser.newContext();
  const victim = await victimContext.newPage();
  const person = await signedInPerson(victim, 'banned');

  // The operator bans them in the console, with a message for the person.
  const boss = await signedInPerson(page, 'boss');
  admin('user', 'role', boss.username, 'admin');
  await page.goto('/admin/users');
  await page.getByTestId('user-search').fill(person.username);
  await page.getByTestId('admin-users-table').getByRole('link', { name: person.username }).click();
  await page.getByTestId('user-actions').getByRole('button', { name: 'Ban' }).click();
  const dialog = page.getByTestId('user-action-ban');
  await dialog.getByLabel('Reason', { exact: true }).fill('Farm of five accounts');
  await dialog
    .getByLabel('Message shown to the person (optional)')
    .fill('Several accounts ran tests from one machine.');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expectToast(page, `${person.username} is banned`);

  // The victim's tab: its next calls find the session over (once the server's few seconds
  // of trust in it are up) and the refresh says why.
  await expect(async () => {
    await victim.goto('/transaction-history');
    await expect(victim).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const notice = victim.getByTestId('banned-notice');
  await expect(notice).toContainText('This account was banned, so you were signed out.');
  await expect(notice).toContainText('Reason: Several accounts ran tests from one machine.');
  await expect(notice).not.toContainText('Farm of five accounts');
  expect(await victim.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNoSeriousA11yViolations(victim);
  await victimContext.close();
});

test('a banned login says so once, above the form', async ({ page }) => {
  const person = newPerson('banlogin');
  await submitRegistration(page, person, newInvite());
  admin('user', 'verify', person.username);
  admin('user', 'ban', person.username, '--reason', 'testing');
  await logIn(page, person.username, person.password);
  await expect(page.getByTestId('banned-notice')).toContainText('No reason was given.');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});
