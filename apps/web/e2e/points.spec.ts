import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectToast, signedInPerson } from './support/flows.ts';
import { runSpeedtest } from './support/speedtest.ts';

/** Scrolls the network table into view and waits out its 2.5 s visibility delay. */
async function networkTable(page: Page) {
  const section = page.getByTestId('network-statistics');
  await section.scrollIntoViewIfNeeded();
  return section;
}

test('a new user sees the empty states, and the screens pass axe', async ({ page }) => {
  await signedInPerson(page, 'empty');
  await expect(page.getByTestId('current-cycle')).toHaveText('Kilo Cycle');
  await expect(page.getByTestId('stat-quest-completed')).toContainText('0/16');
  const network = await networkTable(page);
  await expect(
    network.getByText('No speed tests yet. Run your first one to start earning Bytes.'),
  ).toBeVisible({
    timeout: 8_000,
  });
  // The empty state's one next step: where a test is run.
  await expect(network.getByRole('link', { name: 'Run a speed test' })).toHaveAttribute(
    'href',
    '/nodes',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/transaction-history');
  await expect(
    page.getByText(
      'No Bytes here yet. Claim your daily Bytes or run a speed test to start earning.',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/earnings');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('claim daily, run a speed test, open the chart, filter transactions, see earnings', async ({
  page,
}) => {
  await signedInPerson(page, 'earner');
  // An address of its own: the specs share 127.0.0.1, and a test from an address another
  // account used in the last 24 h loses the Unique IP boost. The e2e server trusts the header.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.7' });

  // Daily claim: the toast, then a disabled button and when the next claim opens, in UTC.
  await page.getByRole('button', { name: 'Claim 100' }).click();
  await expectToast(page, 'Daily claim successful! 🎉');
  const claim = page.getByTestId('daily-claim-button');
  await expect(claim).toHaveText('Claimed today');
  await expect(claim).toBeDisabled();
  await expect(page.getByTestId('daily-claim-note')).toHaveText(
    /^Next claim at 00:00 UTC, in (\d+ h( \d+ min)?|\d+ min)$/,
  );

  // A speed test through the ndt7 protocol, with a location for the Location boost.
  const completed = await runSpeedtest(page, { latitude: 52.52, longitude: 13.4 });
  expect(completed.points).toBe(200);
  await page.reload();
  await expect(page.getByTestId('current-cycle')).toHaveText('Kilo Cycle');
  // The table asks for page 1 only once it has been half visible for 2.5 s.
  const pointsRequest = page.waitForRequest((request) => request.url().includes('/v1/api/points?'));
  const network = await networkTable(page);
  const visibleSince = Date.now();
  await pointsRequest;
  expect(Date.now() - visibleSince).toBeGreaterThanOrEqual(2_300);
  const table = network.getByTestId('network-statistics-table');
  await expect(table.locator('tbody tr:has(td[data-column="time"])')).toHaveCount(1);
  // A test of the last minutes reads relative; keyboard focus shows its time in the one style.
  const testTime = table.locator('td[data-column="time"] time').first();
  await expect(testTime).toContainText(/^(just now|\d+ min ago)/);
  const testTimeTip = testTime.getByRole('tooltip');
  await expect(testTimeTip).toBeHidden();
  await testTime.focus();
  await expect(testTimeTip).toBeVisible();
  await expect(testTimeTip).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await testTime.blur();
  await testTime.hover();
  await expect(testTimeTip).toBeVisible();
  const breakdown = network.getByTestId('boost-breakdown');
  await expect(breakdown).toContainText('Unique IP · 2x');
  await expect(breakdown).toContainText('Location · 2x');
  await expect(breakdown).toContainText('2x');
  await expect(page.getByTestId('stat-total-earnings')).toContainText('300');

  // Hide IP Address masks the address with asterisks.
  const ip = table.locator('td[data-column="ip"]').first();
  await expect(ip).toContainText('198.51.100.7');
  await page.getByRole('switch', { name: 'Hide IP Address' }).click();
  await expect(ip).toContainText('***.**.***.*');

  // The chart draws once it is in view, without a click.
  await page.getByTestId('earnings-statistics').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('earnings-chart').locator('canvas')).toBeVisible();

  // Transactions: both credits in Kilo; none in Mega; a date range around today keeps them.
  await page.goto('/transaction-history');
  const rows = page.getByTestId('transaction-history-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Network Earning')).toBeVisible();
  await expect(page.getByText('Network Contribution')).toBeVisible();
  await expect(page.getByText('Daily Claim').first()).toBeVisible();
  await page.getByLabel('Campaign').selectOption('Mega');
  await expect(
    page.getByText(
      'No Bytes here yet. Claim your daily Bytes or run a speed test to start earning.',
    ),
  ).toBeVisible();
  await page.getByLabel('Campaign').selectOption('Kilo');
  await expect(rows).toHaveCount(2);
  // The Time column has the time, not only the date.
  await expect(rows.first().locator('td[data-column="time"] time')).toContainText(
    /^(just now|\d+ min ago)/,
  );

  await page.getByRole('combobox', { name: 'Date range' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date range' });
  await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
  await calendar
    .getByRole('button', { name: /^1 [A-Z][a-z]+ \d{4}/ })
    .first()
    .click();
  await calendar
    .getByRole('button', { name: /^2 [A-Z][a-z]+ \d{4}/ })
    .first()
    .click();
  await expect(
    page.getByText(
      'No Bytes here yet. Claim your daily Bytes or run a speed test to start earning.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue(
    /^\d{4}-\d{2}-01 - \d{4}-\d{2}-02$/,
  );

  // Earnings: the Kilo cycle with both credits.
  await page.goto('/earnings');
  const earnings = page.getByTestId('earnings-table');
  await expect(earnings).toContainText('Kilo');
  await expect(earnings).toContainText('300');
});
