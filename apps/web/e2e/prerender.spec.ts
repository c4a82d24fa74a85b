/** /login, /dashboard and /explorer are served prerendered (docs/decisions/008) and hydrated in place. */
import { DEFAULT_PRODUCT_NAME, VALIDATION } from '@netpulse/shared';
import { expect, test, type Page } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';

/** Console errors and warnings, and uncaught errors (React reports hydration mismatches so). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the HTML of /login already holds the login screen, with the settings filled in', async ({
  request,
}) => {
  const html = await (await request.get('/login')).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain('<h1 class="text-2xl font-semibold tracking-tight text-ink">Log in</h1>');
  expect(root).toContain(`Welcome back to ${DEFAULT_PRODUCT_NAME}. Log in to keep earning Bytes.`);
  expect(root).toMatch(/<form [^>]*>/);
  expect(root).toContain('name="emailOrUsername"');
  expect(root).toContain('name="password"');
  expect(root).toMatch(/<button type="submit"[^>]*>Log in<\/button>/);
  expect(html).not.toContain('__SHOWN_SETTING_');
  // No inline script: the CSP would refuse it. The app's script comes after the markup,
  // and the first paint waits for the whole markup.
  expect(root).not.toMatch(/<script(?! type="module" crossorigin src="\/assets\/)/);
  expect(html.indexOf('<script type="module"')).toBeGreaterThan(html.indexOf('</form>'));
  expect(html).toContain('<link rel="expect" href="#root" blocking="render" />');
  // Other pages still start empty.
  expect(await (await request.get('/register')).text()).toContain('<div id="root"></div>');
});

test('the HTML of /dashboard holds its frame and heading, before any data', async ({ request }) => {
  const html = await (await request.get('/dashboard')).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toContain('aria-label="Sidebar"');
  // The Install button leads to the install steps (docs/decisions/033).
  expect(root).toContain('href="/install"');
  expect(root).toContain(`Install ${DEFAULT_PRODUCT_NAME}`);
  expect(root).toMatch(/<h1 [^>]*>Dashboard<\/h1>/);
  expect(root).toContain('data-testid="earnings-chart-placeholder"');
  expect(root).not.toMatch(/<script(?! type="module" crossorigin src="\/assets\/)/);
  expect(html).not.toContain('__SHOWN_SETTING_');
});

test('/dashboard hydrates cleanly for someone signed in; each page sends the other kind of visitor on', async ({
  page,
  browser,
}) => {
  await signedInPerson(page, 'hydrate');
  const problems = collectProblems(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-quest-completed')).toContainText('0/16');
  // Hydrated: the chart area loads once in view (with the empty state: nothing earned yet).
  await page.getByTestId('earnings-statistics').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('earnings-statistics')).toContainText(
    'No earnings in this cycle yet',
  );
  // /login was prerendered for a visitor logged out: hydrated as such, then redirected.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('stat-quest-completed')).toContainText('0/16');
  expect(problems).toEqual([]);

  const visitor = await browser.newPage();
  const visitorProblems = collectProblems(visitor);
  await visitor.goto('/dashboard');
  await expect(visitor).toHaveURL(/\/login$/);
  await expect(visitor.getByLabel('Email or username')).toBeVisible();
  expect(visitorProblems).toEqual([]);
  await visitor.close();
});

/** Holds back the requests whose address matches `url` until `release`, as on a slow connection. */
async function holdRequests(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = { requested: false, release };
  await page.route(url, async (route) => {
    hold.requested = true;
    await released;
    await route.continue();
  });
  return hold;
}

/** Holds the login form's logic back until `release`. */
const holdLoginFormCode = (page: Page) => holdRequests(page, /\/assets\/login-form-[\w-]+\.js$/);

test('/explorer comes prerendered without a month, and hydrates cleanly in any later month', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/explorer')).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  expect(root).toMatch(/<h1 [^>]*>Network explorer<\/h1>/);
  expect(root).toContain(`The speeds ${DEFAULT_PRODUCT_NAME} nodes measured, by place.`);
  // The build's months would be wrong a month later: the markup offers only the last 30 days,
  // and leaves the countries' outlines to the script that carries them.
  expect(root).toMatch(/<option value="last-30-days"[^>]*>Last 30 days<\/option>/);
  expect(root).not.toMatch(/<option value="\d{4}-\d{2}"/);
  expect(root.length).toBeLessThan(40_000);
  expect(root).not.toMatch(/<script(?! type="module" crossorigin src="\/assets\/)/);
  expect(html).not.toContain('__SHOWN_SETTING_');

  const problems = collectProblems(page);
  // The figures held back, as on a slow connection: the map shows, whatever they will say.
  const figures = await holdRequests(page, /\/v1\/explorer\/summary/);
  await page.clock.setFixedTime(new Date('2031-03-15T12:00:00Z'));
  await page.goto('/explorer');
  const months = page.getByTestId('explorer-period').locator('option');
  await expect(months).toHaveCount(13);
  await expect(months.nth(1)).toHaveAttribute('value', '2031-03');
  await expect(months.nth(12)).toHaveAttribute('value', '2030-04');
  // Hydrated: the countries are drawn.
  await expect
    .poll(() => page.getByTestId('explorer-map').locator('path[vector-effect]').count())
    .toBeGreaterThan(100);
  figures.release();
  await expect(
    page.getByTestId('explorer-totals').or(page.getByText(/Nothing to show/)),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('the prerendered form hydrates cleanly and keeps what was typed before its code arrived', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const formCode = await holdLoginFormCode(page);

  await page.goto('/login');
  const name = page.getByLabel('Email or username');
  const password = page.getByLabel('Password', { exact: true });
  await expect(name).toBeVisible();
  // Nothing of the form's logic is fetched before someone uses the form.
  await page.waitForLoadState('networkidle');
  expect(formCode.requested).toBe(false);

  await name.fill('someone');
  await expect.poll(() => formCode.requested).toBe(true);
  formCode.release();

  // Hydrated: react-hook-form validates a touched field, and the typed name is still there.
  await expect(async () => {
    await password.focus();
    await name.focus();
    await expect(page.getByText(VALIDATION.passwordRequired)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(name).toHaveValue('someone');
  await expect(page.getByText(VALIDATION.emailOrUsernameRequired)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a field left before the form's code arrived is checked when it arrives", async ({ page }) => {
  const formCode = await holdLoginFormCode(page);
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await password.blur();
  await expect.poll(() => formCode.requested).toBe(true);
  await expect(page.getByText(VALIDATION.passwordTooShort)).toHaveCount(0);

  formCode.release();
  // Checked as leaving it would have, with what was typed; the field not left stays quiet.
  await expect(page.getByText(VALIDATION.passwordTooShort)).toBeVisible();
  await expect(password).toHaveValue('abc');
  await expect(page.getByText(VALIDATION.emailOrUsernameRequired)).toHaveCount(0);
});
