/**
 * The popup looks like the dashboard (issue 15): the shared design tokens'
 * accent, the app's logo and its font. Writes a screenshot to the output folder.
 */
import { expect, test } from '@playwright/test';
import {
  downloadExtension,
  launchWithExtension,
  type ExtensionBrowser,
} from './support/extension.ts';

/** packages/design/tokens.css's --np-color-accent, as a computed colour. */
const APP_ACCENT = 'rgb(34, 211, 238)';

let browser: ExtensionBrowser | undefined;

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test("the popup has the app's accent, logo and font", async ({ request }, testInfo) => {
  browser = await launchWithExtension(await downloadExtension(request));
  const popup = await browser.context.newPage();
  await popup.setViewportSize({ width: 360, height: 420 });
  await popup.goto(browser.popupUrl);
  const logIn = popup.getByRole('button', { name: 'Log in on the dashboard' });
  await expect(logIn).toBeVisible();
  await popup.evaluate(() => document.fonts.ready);
  await popup.screenshot({ path: testInfo.outputPath('popup-signed-out.png') });

  await expect(logIn).toHaveCSS('background-color', APP_ACCENT);
  const logo = popup.locator('header img');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const font = await popup.evaluate(async () => {
    await document.fonts.ready;
    return {
      loaded: [...document.fonts].some(
        (face) => face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded',
      ),
      bodyFamily: getComputedStyle(document.body).fontFamily,
    };
  });
  expect(font.bodyFamily).toMatch(/^"?Inter Variable"?,/);
  expect(font.loaded).toBe(true);
});
