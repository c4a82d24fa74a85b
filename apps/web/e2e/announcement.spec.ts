/**
 * The console's announcements (issue 30): an operator previews and sends one, a member's bell
 * counts it live and their list shows the operator's words, and the job queue shows its counts.
 *
 * An announcement reaches every account there is when it is sent, so this spec is in the
 * `network-wide` project of playwright.config.ts: it runs before any other spec has an account
 * (another spec's member would find an English notice, or one more unread, in its bell).
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { memberElsewhere, openConsole, signedInAdmin } from './support/console.ts';
import { expectToast } from './support/flows.ts';

test('an admin previews and sends an announcement; a member’s bell and list show it; the job queue shows its counts', async ({
  page,
  browser,
}) => {
  const member = await memberElsewhere(browser, 'told');
  const memberBell = member.page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(memberBell).toBeVisible();
  await signedInAdmin(page);
  await page.goto('/admin');
  const title = `Maintenance ${Date.now()}`;
  const text = 'The servers rest on Sunday from 02:00 to 03:00 UTC.';

  await openConsole(page, 'Announcements');
  const form = page.getByTestId('announcement-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text').fill(text);
  await form.getByTestId('preview-announcement').click();
  const preview = page.getByTestId('announcement-preview');
  await expect(preview).toContainText(/Reaches \d+ accounts/);
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).toContainText(text);
  await expectNoSeriousA11yViolations(page);

  await form.getByTestId('send-announcement').click();
  const dialog = page.getByTestId('send-announcement-dialog');
  await expect(dialog.getByTestId('confirm-effect')).toContainText(title);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Announcement sent to');
  await expect(page.getByTestId('admin-announcements-table')).toContainText(title);

  // The member's bell counts it live, and their list shows the operator's words.
  await expect(memberBell).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
  await memberBell.click();
  await expect(member.page).toHaveURL(/\/notifications$/);
  const notice = member.page.getByTestId('notice').filter({ hasText: title });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(text);
  await member.context.close();

  await openConsole(page, 'Job queue');
  for (const figure of ['jobs-waiting', 'jobs-running', 'jobs-failed']) {
    await expect(page.getByTestId(figure).locator('dd')).toHaveText(/^\d+$/);
  }
  await expect(page.getByTestId('admin-failed-jobs')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
