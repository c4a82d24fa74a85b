import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { expectToast, logIn, signedInPerson, verifyFromMail } from './support/flows.ts';
import { REFERRAL_URL, referee } from './support/referral.ts';
import { runSpeedtest } from './support/speedtest.ts';

// The referee's 15 ndt7 runs move hundreds of megabytes over WebSockets. A trace with DOM snapshots also
// records every frame, and saving that takes longer than the tests; this keeps the actions
// and screenshots of a failure without it.
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true } });

const EMPTY_MESSAGE =
  'Nobody has signed up with your link yet. Share it: each friend who completes 15 speed tests brings you 200 Bytes.';
const NONE_IN_RANGE_MESSAGE = 'Nobody you referred registered in this date range.';

/** A calendar day button's name starts with the day as shown: "22 November 2026". */
function dayButtonName(date: Date): RegExp {
  const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(date);
  return new RegExp(`^${date.getDate()} ${month} ${date.getFullYear()}\\b`);
}

/** Picks two days in the Referral Status date-range filter. */
async function pickRange(page: Page, first: Date, last: Date) {
  await page.getByRole('combobox', { name: 'Date range' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date range' });
  await calendar
    .getByRole('button', { name: dayButtonName(first) })
    .first()
    .click();
  await calendar
    .getByRole('button', { name: dayButtonName(last) })
    .first()
    .click();
  await expect(calendar).toBeHidden();
}

/** The figure of a stat card. */
function stat(page: Page, testId: string) {
  return page.getByTestId(testId).locator('dd');
}

function refereeRow(page: Page, username: string) {
  return page
    .getByTestId('referral-status-table')
    .locator('tbody tr')
    .filter({ hasText: username });
}

test('a referee signs up from the copied link, runs 15 speed tests, and pays the referrer 200 Bytes', async ({
  page,
  context,
  browser,
}) => {
  // Two sign-ups and fifteen ndt7 tests of about two seconds each.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await signedInPerson(page, 'referrer');

  // Nobody referred yet: zeros, the empty state, and a link to share.
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Referral', level: 1 })).toBeVisible();
  await expect(stat(page, 'stat-successful-referrals')).toHaveText('0');
  await expect(stat(page, 'stat-pending-referrals')).toHaveText('0');
  await expect(stat(page, 'stat-total-referral-bonus')).toHaveText('0 Bytes');
  const status = page.getByTestId('referral-status');
  await expect(status.getByText(EMPTY_MESSAGE)).toBeVisible();
  const link = page.getByTestId('referral-link');
  await expect(link).toContainText('Each successful referral unlocks an extra 200 Bytes');
  const shown = link.getByTestId('referral-url');
  await expect(shown).toHaveValue(REFERRAL_URL);
  const referralUrl = await shown.inputValue();
  const tweet = link.getByRole('link', { name: 'Tweet Referral' });
  await expect(tweet).toHaveAttribute('target', '_blank');
  expect(await tweet.getAttribute('href')).toContain(encodeURIComponent(referralUrl));
  await expectNoSeriousA11yViolations(page);

  // Copy referral link puts the sign-up URL with the code on the clipboard; so does the empty state's button.
  await link.getByRole('button', { name: 'Copy referral link' }).click();
  await expectToast(page, 'Copied!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(referralUrl);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await status.getByRole('button', { name: 'Copy referral link' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(referralUrl);
  const code = REFERRAL_URL.exec(copied)?.[1] ?? '';

  // B signs up from the link in a browser of their own and verifies by mail.
  const b = await referee(browser, 'referee', code);
  await verifyFromMail(b.page, b.person);

  await page.reload();
  const bRow = refereeRow(page, b.person.username);
  await expect(bRow.getByTestId('referral-status-badge')).toHaveText('Pending');
  await expect(bRow.getByTestId('referral-progress')).toHaveText('0/15 tests');
  // The referrer sees a masked address and the day of registration.
  await expect(bRow.locator('td[data-column="email"]')).toHaveText(
    `${b.person.email[0]}***@example.com`,
  );
  await expect(bRow.locator('td[data-column="registration-date"]')).toHaveText(
    /^\d{4}-\d{2}-\d{2}$/,
  );
  await expect(bRow.locator('td[data-column="bonus"]')).toHaveText('200');
  await expect(stat(page, 'stat-pending-referrals')).toHaveText('1');

  // B runs speed tests through the real ndt7 protocol; the 15th makes the referral successful.
  await logIn(b.page, b.person.username, b.person.password);
  await expect(b.page).toHaveURL(/\/dashboard$/);
  for (let run = 1; run <= 14; run += 1) await runSpeedtest(b.page);
  await page.reload();
  await expect(bRow.getByTestId('referral-progress')).toHaveText('14/15 tests');
  await expect(stat(page, 'stat-successful-referrals')).toHaveText('0');
  await runSpeedtest(b.page);
  await b.context.close();

  await page.reload();
  await expect(bRow.getByTestId('referral-status-badge')).toHaveText('Success');
  await expect(bRow.getByTestId('referral-progress')).toHaveCount(0);
  await expect(stat(page, 'stat-successful-referrals')).toHaveText('1');
  await expect(stat(page, 'stat-pending-referrals')).toHaveText('0');
  await expect(stat(page, 'stat-total-referral-bonus')).toHaveText('200 Bytes');
  await expectNoSeriousA11yViolations(page);

  // The date-range filter: a range ending before today has nobody; one ending today has B.
  const today = new Date();
  const lastMonth = (day: number) => new Date(today.getFullYear(), today.getMonth() - 1, day);
  await pickRange(page, lastMonth(1), lastMonth(2));
  await expect(status.getByText(NONE_IN_RANGE_MESSAGE)).toBeVisible();
  await expect(status.getByRole('button', { name: 'Copy referral link' })).toHaveCount(0);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  await pickRange(page, yesterday, today);
  await expect(bRow).toHaveCount(1);
  await expect(page.getByTestId('referral-status-table').locator('tbody tr')).toHaveCount(1);

  // The bonus is in the referrer's ledger.
  await page.goto('/transaction-history');
  const bonus = page
    .getByTestId('transaction-history-table')
    .locator('tbody tr')
    .filter({ hasText: 'Referral Bonus' });
  await expect(bonus).toHaveCount(1);
  await expect(bonus.locator('td[data-column="bytes"]')).toHaveText('200');

  // C signs up with the same code and never verifies: the row says why it is pending.
  const c = await referee(browser, 'unverified', code);
  await c.context.close();
  await page.goto('/referral');
  const cRow = refereeRow(page, c.person.username);
  await expect(cRow.getByTestId('referral-status-badge')).toHaveText('Pending');
  await expect(cRow.getByTestId('referral-progress')).toHaveText('0/15 tests · email not verified');
  await expect(stat(page, 'stat-pending-referrals')).toHaveText('1');
  await expect(stat(page, 'stat-successful-referrals')).toHaveText('1');
  await expectNoSeriousA11yViolations(page);
});
