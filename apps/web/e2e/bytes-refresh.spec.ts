/**
 * A write that credits Bytes refreshes every read that shows them (issue 26): after a test run
 * from /nodes, the dashboard's figures, the earnings and the transaction history show it at
 * once, without a reload, although each of them was read (and so cached) just before.
 */
import { expect, test } from '@playwright/test';
import { expectToast, signedInPerson } from './support/flows.ts';

test('a test run from /nodes shows on the dashboard, the earnings and the history without a reload', async ({
  page,
}) => {
  // Signing up, a speed test and four screens: more than the default minute.
  test.setTimeout(120_000);
  await signedInPerson(page, 'refresh');
  // An address of its own: the specs share 127.0.0.1, and a test from an address another
  // account used in the last 24 h costs that account's next test the Unique IP boost.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.26' });
  const sidebarLink = (name: string) => page.getByRole('link', { name, exact: true });

  // Each screen is read once with no Bytes, so its answer is in the cache (and fresh for 30 s).
  const total = page.getByTestId('stat-total-earnings').locator('dd');
  const cycle = page.getByTestId('stat-cycle-earnings').locator('dd');
  await expect(total).toHaveText('0 Bytes');
  await sidebarLink('Earnings').click();
  await expect(page.getByTestId('earnings').getByTestId('empty-state')).toBeVisible();
  await sidebarLink('Transaction History').click();
  await expect(
    page.getByText(
      'No Bytes here yet. Claim your daily Bytes or run a speed test to start earning.',
    ),
  ).toBeVisible();

  // A test from the page: the page becomes a node and the test is credited.
  await sidebarLink('Nodes').click();
  await page.getByRole('button', { name: 'Run a speed test in this browser' }).click();
  const result = page.getByTestId('browser-speedtest-result');
  await expect(result).toBeVisible({ timeout: 45_000 });
  const points = /(\d[\d,]*) Bytes/.exec((await result.textContent()) ?? '')?.[1];
  expect(Number(points?.replace(/,/g, ''))).toBeGreaterThan(0);

  // Each screen shows it straight away (the cached answers would last up to 30 s more).
  const quickly = { timeout: 5_000 };
  await sidebarLink('Dashboard').click();
  await expect(total).toHaveText(`${points} Bytes`, quickly);
  await expect(cycle).toHaveText(`${points} Bytes`, quickly);
  await sidebarLink('Earnings').click();
  await expect(page.getByTestId('earnings-table')).toContainText(points!, quickly);
  await sidebarLink('Transaction History').click();
  const rows = page.getByTestId('transaction-history-table').locator('tbody tr');
  await expect(rows).toHaveCount(1, quickly);
  await expect(rows).toContainText(points!);

  // The daily claim on the dashboard refreshes the history too.
  await sidebarLink('Dashboard').click();
  await page.getByRole('button', { name: 'Claim 100' }).click();
  await expectToast(page, 'Daily claim successful! 🎉');
  await sidebarLink('Transaction History').click();
  await expect(rows).toHaveCount(2, quickly);
  await expect(page.getByText('Daily Claim').first()).toBeVisible();
});
