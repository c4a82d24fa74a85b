/// <reference types="chrome" />
/**
 * The validator extension end to end (issues 6 and 14): Chromium loads the zip
 * the server offers, unpacked, and it works with that server, on a port the
 * build never named; logging in on the dashboard signs it in; Run test now runs a real
 * ndt7 test against the server; the dashboard lists it; logging out signs
 * the extension out.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/e2e-env.ts';
import { logOut, signedInPerson } from './support/flows.ts';
import {
  DEV_EXTENSION_ID,
  downloadExtension,
  fixExtensionPosition,
  launchWithExtension,
  recordLiveGauge,
  type ExtensionBrowser,
} from './support/extension.ts';

let unpackedDir = '';
let browser: ExtensionBrowser | undefined;

test.beforeAll(async ({ request }) => {
  unpackedDir = await downloadExtension(request);
});

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test('the Install button offers the built extension', async ({ request }) => {
  const response = await request.get('/downloads/extension.zip');
  expect(response.status(), 'run npm run build first: it makes the zip').toBe(200);
  expect(response.headers()['content-type']).toBe('application/zip');
  expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
});

test('signs in with the dashboard, runs a real test, and signs out with it', async () => {
  test.setTimeout(120_000);
  browser = await launchWithExtension(unpackedDir);
  // The committed key pins the id, which the server hands the web app unless told another.
  expect(browser.extensionId).toBe(DEV_EXTENSION_ID);
  const manifest = await browser.worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.host_permissions).toEqual([`${E2E_BASE_URL}/*`]);

  const popup = await browser.context.newPage();
  await popup.goto(browser.popupUrl);
  await expect(popup.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Log in on the dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(popup);

  // Logging in on the dashboard hands the token over: the popup shows the user.
  const dashboard = await browser.context.newPage();
  const person = await signedInPerson(dashboard, 'ext');
  // The extension took the token: the sidebar's Install button says so (docs/decisions/033).
  await expect(dashboard.getByTestId('extension-connected')).toHaveText(
    /Extension connected\s*Validator Extension/,
  );
  await expect(dashboard.getByRole('link', { name: /Install .* Validator Extension/ })).toHaveCount(
    0,
  );
  await popup.bringToFront();
  await expect(popup.getByTestId('username')).toHaveText(person.username, { timeout: 15_000 });
  await expect(popup.getByTestId('tests-today')).toHaveText('0 of 100');
  await expect(popup.getByTestId('next-test')).toHaveText(
    /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}|None planned today)$/,
  );
  // No interval and no daily cap on this server: nothing to wait for.
  await expect(popup.getByTestId('run-wait')).toBeHidden();

  // Allow the location, and give the browser one to share.
  await popup.getByLabel(/Share my location/).check();
  await fixExtensionPosition(browser, { latitude: 52.52, longitude: 13.4 });

  const runNow = popup.getByRole('button', { name: 'Run test now' });
  const shownWhileRunning = await recordLiveGauge(popup);
  await runNow.click();
  await expect(popup.getByRole('button', { name: 'Test running…' })).toBeDisabled();
  const message = popup.getByTestId('popup-message');
  await expect(message).toHaveText(/^Test complete: \d+ Bytes earned\.$/, { timeout: 30_000 });
  // The same live gauge as the web page's showed while the test ran.
  expect(await shownWhileRunning()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^(Download|Upload) speed$/)]),
  );
  const earned = Number(/(\d+) Bytes/.exec((await message.textContent()) ?? '')?.[1]);
  expect(earned).toBeGreaterThanOrEqual(100);

  const result = popup.getByTestId('last-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(/Download\s*[\d,]+(\.\d)? Mbit\/s/);
  await expect(result).toContainText(/Upload\s*[\d,]+(\.\d)? Mbit\/s/);
  await expect(result).toContainText(/Latency\s*(< 1 ms|\d+ ms|—)/);
  await expect(popup.getByTestId('result-points')).toHaveText(`${earned} Bytes`);
  await expect(popup.getByTestId('result-boosts')).toContainText('Location · 2x');
  await expect(popup.getByTestId('tests-today')).toHaveText('1 of 100');
  await expect(popup.getByTestId('total-points')).toHaveText(String(earned));
  await expect(runNow).toBeEnabled();
  await expect(popup.getByTestId('speed-gauge')).toBeHidden();
  await expectNoSeriousA11yViolations(popup);

  // The dashboard's Network Statistics table lists the test with its points.
  await dashboard.bringToFront();
  await dashboard.reload();
  const network = dashboard.getByTestId('network-statistics');
  await network.scrollIntoViewIfNeeded();
  const rows = network
    .getByTestId('network-statistics-table')
    .locator('tbody tr:has(td[data-column="time"])');
  await expect(rows).toHaveCount(1, { timeout: 10_000 });
  await expect(rows.first().locator('td[data-column="points"]')).toContainText(String(earned));
  await expect(network.getByTestId('boost-breakdown')).toContainText('Location · 2x');

  // An expired access token: the extension refreshes it with its node's own refresh
  // token (POST /v1/api/nodes/refresh-token), which the server rotates.
  const expired = 'expired.access.token';
  const refreshTokenOf = async () =>
    (await browser!.worker.evaluate(() => chrome.storage.local.get('refreshToken')))
      .refreshToken as string | undefined;
  const refreshBefore = await refreshTokenOf();
  expect(refreshBefore).toBeTruthy();
  await browser.worker.evaluate((token) => chrome.storage.local.set({ token }), expired);
  await popup.bringToFront();
  await popup.reload();
  await expect(popup.getByTestId('username')).toHaveText(person.username);
  const refreshed = await browser.worker.evaluate(
    async () => (await chrome.storage.local.get('token')).token as string | undefined,
  );
  expect(refreshed).toBeTruthy();
  expect(refreshed).not.toBe(expired);
  expect(await refreshTokenOf()).not.toBe(refreshBefore);

  // Logging out of the dashboard signs the extension out.
  await dashboard.bringToFront();
  await logOut(dashboard, person);
  await popup.bringToFront();
  await expect(popup.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  expect(await browser.worker.evaluate(() => chrome.storage.local.get('token'))).toEqual({});
});
