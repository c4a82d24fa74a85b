/**
 * The operator's console (issue 18): an admin searches a user and bans them with a
 * reason (the banned user's next request fails, the audit log shows the ban with before
 * and after), creates an invite and registers with it, approves a YouTube subscription,
 * and sees a planted farm in the fraud signals; a member opening /admin lands on
 * /dashboard, and no console code reaches a member's browser.
 */
import { expect, test } from '@playwright/test';
import { admin, newInvite } from './support/admin.ts';
import { memberElsewhere, openConsole, signedInAdmin } from './support/console.ts';
import { waitForQuietNetwork, watchRequests } from './support/quiet-network.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import {
  expectToast,
  logIn,
  newPerson,
  register,
  signedInPerson,
  submitRegistration,
  type Person,
} from './support/flows.ts';

/**
 * Files of the console's lazy chunks; a member's browser must fetch none of them (the
 * small admin-guard chunk, which sends them away, is all they get of /admin).
 */
const CONSOLE_CHUNK = /\/assets\/(console-routes|overview-charts)-[\w-]+\.js$/;
/** Texts only the console's code holds (its dialogs), looked for in every script a member gets. */
const CONSOLE_TEXTS = ['Review queue', 'Fraud signals', 'Shared by more than'];

test('a member opening /admin lands on /dashboard, and no console code reaches them', async ({
  page,
}) => {
  const scripts = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (body) => scripts.set(response.url(), body),
      () => {},
    );
  });
  const member = await signedInPerson(page, 'member');
  // Once the profile is in (the header shows the name), the sidebar offers no Console.
  await expect(
    page.getByRole('button', { name: `${member.username}, account menu` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Console' })).toHaveCount(0);
  watchRequests(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/users/1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForQuietNetwork(page);

  expect(scripts.size).toBeGreaterThan(0);
  expect([...scripts.keys()].filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);
  for (const [url, body] of scripts) {
    for (const text of CONSOLE_TEXTS) expect(body.includes(text), `${text} in ${url}`).toBe(false);
  }
  // The API refuses a member too.
  const status = await page.evaluate(async () => {
    const response = await fetch('/v1/admin/overview', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return response.status;
  });
  expect(status).toBe(403);
});

test('an admin searches a user and bans them with a reason; the audit log shows the ban', async ({
  page,
  browser,
}) => {
  const victim = await memberElsewhere(browser, 'victim');
  await signedInAdmin(page);

  await page.getByRole('link', { name: 'Console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('overview-cycle')).toContainText('Cycle');
  await expect(page.getByTestId('chart-tests').locator('canvas')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openConsole(page, 'Users');
  await page.getByTestId('user-search').fill(victim.person.username);
  const table = page.getByTestId('admin-users-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: victim.person.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: victim.person.username })).toBeVisible();
  await expect(page.getByTestId('user-profile')).toContainText(victim.person.email);
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId('user-actions').getByRole('button', { name: 'Ban' }).click();
  const dialog = page.getByTestId('user-action-ban');
  await expect(dialog.getByTestId('confirm-effect')).toContainText('signed out everywhere');
  // No reason: the server's field error shows under the field, nothing happens.
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog.getByText('Give a reason: it is kept in the audit log')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Farming tests from a script');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expectToast(page, `${victim.person.username} is banned`);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('badge-banned')).toBeVisible();
  await expect(page.getByTestId('ban-facts')).toContainText('Farming tests from a script');
  await expect(
    page.getByTestId('user-actions').getByRole('button', { name: 'Unban' }),
  ).toBeVisible();

  // The banned member's next request fails: their session is gone, the app sends them to log in.
  await expect(async () => {
    await victim.page.goto('/dashboard');
    await expect(victim.page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await victim.context.close();

  await openConsole(page, 'Audit log');
  await page.getByTestId('audit-action').selectOption('user.ban');
  const ban = page
    .getByTestId('admin-audit-table')
    .getByRole('row')
    .filter({ hasText: victim.person.username });
  await expect(ban).toHaveCount(1);
  await expect(ban).toContainText('Farming tests from a script');
  await expect(ban.getByTestId('audit-changes')).toContainText('→');
  // The ban's time reads in the one clock, never as raw ISO.
  await expect(ban.getByTestId('audit-changes')).toContainText(
    /Banned at: none → \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );
  await expect(ban.getByTestId('audit-changes')).not.toContainText(/\d{2}T\d{2}:/);
  // Dates are picked in the app's own calendar, written YYYY-MM-DD: no native date field is left.
  await expect(page.locator('input[type="date"], input[type="datetime-local"]')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Dates' })).toHaveAttribute(
    'placeholder',
    'YYYY-MM-DD - YYYY-MM-DD',
  );
  await expectNoSeriousA11yViolations(page);
});

test('an admin creates an invite and a newcomer registers with it', async ({ page, browser }) => {
  await signedInAdmin(page);
  await page.goto('/admin/invites');
  await expect(page.getByRole('heading', { level: 1, name: 'Invites' })).toBeVisible();
  await page.getByTestId('create-invite').click();
  const dialog = page.getByTestId('create-invite-dialog');
  await dialog.getByLabel('Uses').fill('2');
  await dialog.getByLabel('Note (optional)').fill('for the e2e newcomer');
  await expect(dialog.getByTestId('confirm-effect')).toContainText('up to 2 accounts');
  await dialog.getByRole('button', { name: 'Create invite' }).click();
  await expectToast(page, 'created with 2 uses');
  const row = page
    .getByTestId('admin-invites-table')
    .getByRole('row')
    .filter({ hasText: 'for the e2e newcomer' });
  const code = (await row.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).not.toBe('');
  await expectNoSeriousA11yViolations(page);

  const context = await browser.newContext();
  const newcomer = newPerson('invited');
  await register(await context.newPage(), newcomer, code);
  await context.close();

  await page.reload();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  // Revoking asks first, then the code lets nobody in.
  await row.getByRole('button', { name: `Revoke ${code}` }).click();
  await page.getByTestId('revoke-invite-dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
});

test('an admin approves a YouTube subscription from the review queue', async ({
  page,
  browser,
}) => {
  const member = await memberElsewhere(browser, 'tuber');
  await member.context.route(/^https:\/\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>External page</title>' }),
  );
  await member.page.goto('/quests');
  const youtube = member.page.getByTestId('quest-youtubeSubscribe');
  const subscribe = youtube.getByRole('link', { name: /^Subscribe/ });
  const [tab] = await Promise.all([member.page.context().waitForEvent('page'), subscribe.click()]);
  await tab.close();
  await youtube.getByRole('button', { name: 'Verify' }).click();
  // The operator checks by hand: the person names the channel they subscribed with.
  const channelDialog = member.page.getByTestId('youtube-channel-dialog');
  await channelDialog
    .getByLabel('Your YouTube channel')
    .fill('https://www.youtube.com/@Tuber_Fan/videos');
  await channelDialog.getByRole('button', { name: 'Send for review' }).click();
  await expectToast(member.page, 'Thanks! Your subscription is being verified.');

  await signedInAdmin(page);
  await page.goto('/admin/reviews');
  const row = page
    .getByTestId('admin-reviews-table')
    .getByRole('row')
    .filter({ hasText: member.person.username });
  // The queue shows what the person submitted, in one form, as a link to the channel.
  const channel = row.getByRole('link', { name: /^@Tuber_Fan/ });
  await expect(channel).toHaveAttribute('href', 'https://www.youtube.com/@Tuber_Fan');
  await expect(channel).toHaveAttribute('target', '_blank');
  await expect(channel).toHaveAttribute('rel', 'noopener noreferrer');
  await row.getByRole('checkbox', { name: `Select ${member.person.username}` }).check();
  await page
    .getByTestId('admin-reviews')
    .getByRole('button', { name: /^Approve/ })
    .click();
  const dialog = page.getByTestId('review-dialog');
  // True to what happens: approval credits nothing, the person claims the Bytes.
  await expect(dialog.getByTestId('confirm-effect')).toContainText(
    'each person can now claim its Bytes',
  );
  await expect(dialog.getByTestId('confirm-effect')).not.toContainText('credited');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, '1 account approved');
  await expect(row).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await member.page.reload();
  await expect(youtube.getByTestId('quest-youtubeSubscribe-done')).toHaveText('Subscribed');
  await member.context.close();
});

test('a planted farm (five accounts on one address, referred by one another) shows in the fraud signals', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Each registers with the previous one's referral code, all from this machine's address.
  // Each in a browser of its own: a signed-in tab cleared under its feet could refresh its
  // session before the next sign-up.
  const farm: Person[] = [];
  let code = newInvite();
  for (let index = 0; index < 5; index += 1) {
    const person = newPerson('farm');
    const context = await browser.newContext();
    const farmPage = await context.newPage();
    await submitRegistration(farmPage, person, code);
    await expect(farmPage).toHaveURL(/\/check-inbox$/);
    admin('user', 'verify', person.username);
    await logIn(farmPage, person.username, person.password);
    await expect(farmPage).toHaveURL(/\/dashboard$/);
    await context.close();
    farm.push(person);
    code = /referral code: (\S+)/.exec(admin('user', 'show', person.username))?.[1] ?? '';
    expect(code).not.toBe('');
  }

  await signedInAdmin(page);
  await page.goto('/admin/fraud');
  await expect(page.getByRole('heading', { level: 1, name: 'Fraud signals' })).toBeVisible();
  // The referral tree rooted at the farm's first account (every account here shares
  // 127.0.0.1, so the shared-address signal lists everyone: the tree is the farm's own signal).
  const ring = page
    .getByTestId('fraud-signal-referral-ring')
    .filter({ hasText: `referral tree` })
    .filter({ hasText: farm[0]?.username ?? '' })
    .filter({ hasText: farm[4]?.username ?? '' });
  await expect(ring).toBeVisible({ timeout: 20_000 });
  await expect(ring).toContainText(`5 accounts of ${farm[0]?.username ?? ''}'s referral tree`);
  for (const person of farm) {
    await expect(ring.getByRole('link', { name: person.username })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // A bulk ban of the five, with one reason.
  for (const person of farm) {
    await ring.getByRole('checkbox', { name: `Select ${person.username}` }).check();
  }
  await ring.getByRole('button', { name: /^Ban 5 selected/ }).click();
  const dialog = page.getByTestId('bulk-ban-dialog');
  await dialog.getByLabel('Reason').fill('A referral farm on one address');
  await dialog.getByRole('button', { name: 'Ban 5' }).click();
  await expectToast(page, '5 accounts banned');
  // The signal refreshes: the five are marked banned and can no longer be chosen.
  for (const person of farm) {
    await expect(ring.getByRole('checkbox', { name: `Select ${person.username}` })).toBeDisabled();
  }
});
