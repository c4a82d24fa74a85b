/**
 * Finish (issue 27): starting a cycle asks for its name typed exactly; the earnings chart
 * draws when scrolled into view, without a click; toasts never cover the account menu and
 * their close button sits at their top end corner, at 1440 and 390 px; /docs loads without
 * a Content Security Policy violation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin } from './support/admin.ts';
import { signedInPerson } from './support/flows.ts';
import { waitForQuietNetwork, watchRequests } from './support/quiet-network.ts';

const WIDTHS = [1440, 390] as const;

/** Whether two boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** Claims the daily Bytes: a toast, and Bytes for the earnings chart to draw. */
async function claimDaily(page: Page) {
  await page.getByTestId('daily-claim-button').click();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
}

test('starting a cycle is a danger action that asks for the cycle name, typed exactly', async ({
  page,
}) => {
  const person = await signedInPerson(page, 'cycler');
  admin('user', 'role', person.username, 'admin');
  await page.goto('/admin/cycles');
  const start = page.getByTestId('start-cycle');
  await expect(start).toBeVisible();
  const next = ((await start.textContent()) ?? '').replace(/^Start /, '').trim();
  expect(next).not.toBe('');
  await start.click();

  const dialog = page.getByTestId('start-cycle-dialog');
  const confirm = dialog.getByRole('button', { name: `Start ${next}` });
  await expect(dialog.getByTestId('confirm-cannot-undo')).toContainText('cannot be undone');
  await expect(confirm).toHaveAttribute('data-variant', 'danger');
  await expect(confirm).toBeDisabled();
  // A disabled button looks disabled: faded and the not-allowed cursor.
  expect(await confirm.evaluate((button) => getComputedStyle(button).cursor)).toBe('not-allowed');
  expect(Number(await confirm.evaluate((button) => getComputedStyle(button).opacity))).toBeLessThan(
    0.75,
  );

  const typed = dialog.getByLabel(`Type ${next} to confirm`);
  for (const nearMiss of [next.toLowerCase(), next.slice(0, -1), `${next} `]) {
    await typed.fill(nearMiss);
    await expect(confirm).toBeDisabled();
    // Enter submits the form: it must not start the cycle either.
    await typed.press('Enter');
    await expect(dialog).toBeVisible();
  }
  await typed.fill(next);
  await expect(confirm).toBeEnabled();
  // The check ends here: starting a cycle for real would change the other specs' cycle.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('current-cycle')).toHaveCount(1);
});

test('the earnings chart draws when it comes into view, without a click', async ({ page }) => {
  // Short enough that the chart starts below the fold at this width.
  await page.setViewportSize({ width: 390, height: 640 });
  await signedInPerson(page, 'charted');
  await claimDaily(page);
  // Counted from the load this test is about: the sign-in before it is another spec's.
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/earning-chart|earnings-chart|\/assets\/chart-/.test(request.url())) {
      chartRequests.push(request.url());
    }
  });
  watchRequests(page);
  await page.reload();
  await waitForQuietNetwork(page);
  const area = page.getByTestId('earnings-statistics');
  await expect(area).not.toBeInViewport();
  await expect(area.getByTestId('earnings-chart-placeholder')).toBeAttached();
  expect(chartRequests).toEqual([]);

  await area.scrollIntoViewIfNeeded();
  await expect(area.getByTestId('earnings-chart').locator('canvas')).toBeVisible();
  expect(chartRequests.length).toBeGreaterThan(0);
  expect(await area.getByRole('button').count()).toBe(0);
});

for (const width of WIDTHS) {
  test(`toasts leave the account menu uncovered and close from their top end corner at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 800 });
    const person = await signedInPerson(page, `toast${width}`);
    const menu = page.getByRole('button', { name: `${person.username}, account menu` });
    await expect(menu).toBeVisible();
    // One toast on screen, the claim's: the sign-in's, stacked behind it, would shift it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await claimDaily(page);

    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    // Let the entry animation settle before measuring.
    await page.waitForTimeout(500);
    const toastBox = await boxOf(toast);
    expect(overlap(toastBox, await boxOf(menu)), 'the toast covers the account menu').toBe(false);
    // The menu opens with the toast on screen, and its panel is not covered either.
    await menu.click();
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    expect(overlap(toastBox, await boxOf(logout)), 'the toast covers the open menu').toBe(false);
    await menu.click();

    const close = toast.locator('[data-close-button]');
    await toast.hover();
    const closeBox = await boxOf(close);
    // Top end (right) corner: the button's centre in the right and top thirds of the toast.
    expect(closeBox.x + closeBox.width / 2).toBeGreaterThan(toastBox.x + (toastBox.width * 2) / 3);
    expect(closeBox.y + closeBox.height / 2).toBeLessThan(toastBox.y + toastBox.height / 3);
    await close.click();
    await expect(toast).toHaveCount(0);
  });
}

test('/docs loads without a Content Security Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.goto('/docs');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
