/**
 * Issue 15's placeholders and typography: the captcha is there from the first
 * paint, the app's own font is loaded and applied, and screenshots of /login
 * and /dashboard at both widths land in the test's output folder to be looked at.
 */
import { expect, test, type Page } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function screenshotAtBothWidths(
  page: Page,
  name: string,
  outputPath: (file: string) => string,
) {
  for (const { name: width, ...size } of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('the captcha shows its widget from the first paint and becomes the real one without any input', async ({
  page,
  request,
}, testInfo) => {
  const html = await (await request.get('/login')).text();
  const captcha = html.slice(html.indexOf('data-testid="captcha"'), html.indexOf('</form>'));
  // The first paint shows the widget's skeleton: its checkbox and label, not an empty pulsing box.
  expect(captcha).toContain('I&#x27;m not a robot');
  expect(captcha).not.toContain('animate-pulse');
  await page.goto('/login');
  await expect(page.getByTestId('captcha-skeleton').getByText("I'm not a robot")).toBeVisible();
  await page
    .getByTestId('captcha')
    .screenshot({ path: testInfo.outputPath('captcha-skeleton.png') });

  // Where the form is live from the start, no pointer, key or focus is needed: the
  // widget's code arrives when the browser is first idle.
  await page.goto('/register');
  const widget = page.locator('altcha-widget');
  await expect(widget.getByRole('checkbox')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('captcha-skeleton')).toHaveCount(0);
  await page.getByTestId('captcha').screenshot({ path: testInfo.outputPath('captcha-widget.png') });
});

test('a tick on the skeleton before the widget arrived is not lost', async ({ page }) => {
  await page.goto('/login');
  // The tap is the first interaction: the form's code and the widget's load after it.
  await page.getByTestId('captcha-skeleton').locator('span').first().click();
  await expect(page.locator('altcha-widget input[name="captchaResponse"]')).not.toHaveValue('', {
    timeout: 20_000,
  });
});

test('the login screen shows no ad slots when no ad script is configured', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  await expect(page.getByText('Advertisement')).toHaveCount(0);
});

test('the app font is preloaded, loaded and applied', async ({ page, request }) => {
  const html = await (await request.get('/login')).text();
  expect(html).toMatch(
    /<link rel="preload" as="font" type="font\/woff2" href="[^"]+\.woff2" crossorigin/,
  );

  await page.goto('/login');
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    const heading = document.querySelector('h1');
    return {
      loaded: [...document.fonts].some(
        (face) => face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded',
      ),
      check: document.fonts.check('600 16px "Inter Variable"'),
      bodyFamily: getComputedStyle(document.body).fontFamily,
      headingFamily: heading ? getComputedStyle(heading).fontFamily : '',
    };
  });
  expect(font.loaded).toBe(true);
  expect(font.check).toBe(true);
  expect(font.bodyFamily).toMatch(/^"?Inter Variable"?,/);
  expect(font.headingFamily).toMatch(/^"?Inter Variable"?,/);
});

test('screenshots of /login and /dashboard at both widths', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const outputPath = (file: string) => testInfo.outputPath(file);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await screenshotAtBothWidths(page, 'login', outputPath);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInPerson(page, 'look');
  await expect(page.getByTestId('stat-quest-completed')).toContainText('0/');
  await page.getByTestId('earnings-statistics').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('earnings-chart-placeholder')).toHaveCount(0);
  await page.waitForTimeout(500);
  await screenshotAtBothWidths(page, 'dashboard', outputPath);
});
