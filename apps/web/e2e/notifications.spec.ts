/**
 * Notifications (issue 30) at a desktop and a phone width: the header's bell counts up live
 * when, in another browser, a referee's fifteenth test qualifies the referral; the
 * notifications page marks them read; the preferences matrix is saved and read back.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectToast, logIn, signedInPerson, verifyFromMail } from './support/flows.ts';
import { VIEWPORTS } from './support/sweep-screens.ts';
import { REFERRAL_URL, referee } from './support/referral.ts';
import { runSpeedtest } from './support/speedtest.ts';

// The referee's 15 ndt7 runs move hundreds of megabytes; a trace with DOM snapshots of them
// takes longer to save than the test (as in referral.spec.ts).
test.use({
  trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true },
  // A zone away from UTC, so the zone the matrix saves is the browser's, not the default.
  timezoneId: 'Asia/Tokyo',
});

/** The bell in the header; its name says the count ("Notifications, 3 unread"). */
function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

/** The unread count the bell's name says, 0 when it says none. */
async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** A referee who signs up from the referrer's code in a browser of their own, verified, signed in. */
async function signedInReferee(browser: Browser, code: string) {
  const { context, page, person } = await referee(browser, 'notified', code);
  await verifyFromMail(page, person);
  await logIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** The referrer's code, from the Referral screen's link. */
async function referralCode(page: Page): Promise<string> {
  await page.goto('/referral');
  const shown = page.getByTestId('referral-link').getByTestId('referral-url');
  await expect(shown).toHaveValue(REFERRAL_URL);
  return REFERRAL_URL.exec(await shown.inputValue())?.[1] ?? '';
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px: the bell counts up live, the list marks read, the preferences are saved`, async ({
    page,
    browser,
  }) => {
    // Two sign-ups and fifteen ndt7 tests of about two seconds each.
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await signedInPerson(page, 'bell');
    const code = await referralCode(page);
    const referee = await signedInReferee(browser, code);
    for (let run = 1; run <= 14; run += 1) await runSpeedtest(referee.page);

    // The referrer's tab stays open on the dashboard, never reloaded, while the 15th test runs.
    // The count is read once its request answered, and the stream is open before the test ends.
    const counted = page.waitForResponse((response) =>
      response.url().includes('/v1/api/notifications?'),
    );
    const streaming = page.waitForRequest((request) =>
      request.url().endsWith('/v1/api/notifications/stream'),
    );
    await page.goto('/dashboard');
    await Promise.all([counted, streaming]);
    await expect(bell(page)).toHaveAttribute('href', '/notifications');
    const before = await unreadOf(page);
    await runSpeedtest(referee.page);
    await referee.context.close();
    // The fifteenth test qualifies the referral and, the referrer's first, makes the milestone
    // of one successful referral claimable: two notices.
    const after = before + 2;
    await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${after} unread`, {
      timeout: 15_000,
    });
    await expect(bell(page).getByTestId('notification-badge')).toHaveText(String(after));

    // The page: the notices, the newest unread, opened from the bell.
    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const notices = page.getByTestId('notice');
    await expect(notices.first()).toHaveAttribute('data-unread', 'true');
    await expect(page.locator('[data-testid="notice"][data-unread]')).toHaveCount(after);
    await expect(
      notices.filter({ hasText: 'completed 15 tests: you earned 200 Bytes.' }),
    ).toHaveCount(1);
    await expect(
      notices.filter({ hasText: 'A referral milestone is ready to claim' }),
    ).toContainText('You reached 1 successful referral');
    await expect(notices.first().locator('time')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/notifications at ${viewport.width} px`);

    // Mark all as read: nothing unread in the list, none on the bell.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.locator('[data-testid="notice"][data-unread]')).toHaveCount(0);
    await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
    await expect(bell(page).getByTestId('notification-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.getByRole('switch', { name: 'Unread only' }).click();
    await expect(page.getByText('You have read every notification.')).toBeVisible();
    await page.getByRole('switch', { name: 'Unread only' }).click();
    await expect(notices.first()).toBeVisible();

    // The preferences: the locked cell, a few choices saved, then read back after a reload.
    await page.goto('/settings');
    const section = page.getByTestId('settings-notifications');
    const locked = section.getByRole('checkbox', { name: 'Security by mail' });
    await expect(locked).toBeChecked();
    await expect(locked).toBeDisabled();
    await expect(section.getByText(/Security mail cannot be turned off/)).toBeVisible();
    await expect(
      section.getByRole('checkbox', { name: 'Cycle ended in the extension' }),
    ).toHaveCount(0);
    const cyclePush = section.getByRole('checkbox', { name: 'Cycle ended by push' });
    // Push waits until this browser turns it on (the switch below the matrix): its cells
    // keep their saved value and cannot be ticked before.
    await expect(cyclePush).not.toBeChecked();
    await expect(cyclePush).toBeDisabled();
    const claimMail = section.getByRole('checkbox', { name: 'Daily claim reminder by mail' });
    await claimMail.check();
    await section.getByRole('combobox', { name: 'Mail delivery' }).selectOption('digest');
    await section.getByRole('switch', { name: 'Quiet hours' }).click();
    await section.getByLabel('From', { exact: true }).fill('23:00');
    await section.getByLabel('To', { exact: true }).fill('06:30');
    await expectNoSeriousA11yViolations(page, `/settings at ${viewport.width} px`);
    // The matrix stays inside its panel at either width (a card per event on a phone).
    const overflow = await section.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Your notification preferences are saved.');

    await page.reload();
    await expect(cyclePush).not.toBeChecked();
    await expect(claimMail).toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Cycle ended by mail' })).toBeChecked();
    await expect(locked).toBeChecked();
    await expect(section.getByRole('combobox', { name: 'Mail delivery' })).toHaveValue('digest');
    await expect(section.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(section.getByLabel('From', { exact: true })).toHaveValue('23:00');
    await expect(section.getByLabel('To', { exact: true })).toHaveValue('06:30');
    await expect(section.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  });
}
