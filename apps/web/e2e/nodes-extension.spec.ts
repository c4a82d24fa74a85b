/// <reference types="chrome" />
/**
 * Nodes and measurements end to end (issue 17): the unpacked extension signs in
 * through the dashboard and appears Online on /nodes; it is renamed; a test from
 * the popup and one from the page both reach Network Statistics with their speeds
 * and node names; a receipt explains a slashed test; removing the node signs the
 * extension out; a sixth node is refused with the limit's message.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_NODE_LIMIT,
  NODE_MESSAGES,
  NODE_SCREEN_TEXTS,
  RECEIPT_TEXTS,
} from '@netpulse/shared';
import { signedInPerson } from './support/flows.ts';
import {
  downloadExtension,
  fixExtensionPosition,
  launchWithExtension,
  type ExtensionBrowser,
} from './support/extension.ts';
import { runSpeedtest } from './support/speedtest.ts';

let unpackedDir = '';
let browser: ExtensionBrowser | undefined;

test.beforeAll(async ({ request }) => {
  unpackedDir = await downloadExtension(request);
});

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** Registers a browser node through the API with the dashboard's own token. */
async function registerBrowserNode(page: Page, name: string) {
  return page.evaluate(async (nodeName) => {
    const response = await fetch('/v1/api/nodes', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ nodeId: crypto.randomUUID(), kind: 'browser', name: nodeName }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }, name);
}

test('the extension is a node: seen, renamed, tested, explained, removed, and limited', async ({
  page: neighbour,
}) => {
  test.setTimeout(240_000);

  // Another account tests from this address first, so this person's tests lose the Unique IP boost.
  await signedInPerson(neighbour, 'neighbour');
  await runSpeedtest(neighbour);

  browser = await launchWithExtension(unpackedDir);
  const popup = await browser.context.newPage();
  await popup.goto(browser.popupUrl);
  const dashboard = await browser.context.newPage();
  const person = await signedInPerson(dashboard, 'nodes');

  // Signed in by the dashboard, the extension registers itself and reports a heartbeat.
  await popup.bringToFront();
  await expect(popup.getByTestId('username')).toHaveText(person.username, { timeout: 15_000 });
  const registeredName = (await popup.getByTestId('node-name').textContent()) ?? '';
  expect(registeredName).toMatch(/ on Linux$/);

  await dashboard.bringToFront();
  await dashboard.getByRole('link', { name: 'Nodes', exact: true }).click();
  await expect(dashboard).toHaveURL(/\/nodes$/);
  const cards = dashboard.getByTestId('node-card');
  await expect(cards).toHaveCount(1);
  const extensionCard = cards.filter({ hasText: registeredName });
  await expect(extensionCard.getByTestId('node-status')).toHaveText('Online');

  // Rename it.
  await extensionCard.getByRole('button', { name: 'Rename' }).click();
  const renameDialog = dashboard.getByRole('dialog');
  const nameField = renameDialog.getByLabel('Node name');
  await nameField.fill('');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(renameDialog).toContainText(NODE_MESSAGES.nameRequired);
  await nameField.fill('Desk browser');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(renameDialog).toBeHidden();
  const desk = cards.filter({ hasText: 'Desk browser' });
  await expect(desk).toHaveCount(1);
  await expect(desk.getByTestId('node-status')).toHaveText('Online');

  // A test from the popup, with a location shared.
  await popup.bringToFront();
  await popup.getByLabel(/Share my location/).check();
  await fixExtensionPosition(browser, { latitude: 52.52, longitude: 13.4 });
  await popup.getByRole('button', { name: 'Run test now' }).click();
  await expect(popup.getByTestId('popup-message')).toHaveText(
    /^Test complete: \d+ Bytes earned\.$/,
    {
      timeout: 45_000,
    },
  );

  // A test from the page itself, without a location: the page becomes a node of its own.
  await dashboard.bringToFront();
  await dashboard.getByRole('button', { name: 'Run a speed test in this browser' }).click();
  await expect(dashboard.getByRole('meter').first()).toBeVisible({ timeout: 15_000 });
  const pageResult = dashboard.getByTestId('browser-speedtest-result');
  await expect(pageResult).toBeVisible({ timeout: 45_000 });
  await expect(pageResult).toContainText(/Download\s*\d+(\.\d+)? Mbit\/s/);
  await expect(cards).toHaveCount(2);
  const pageCard = cards.filter({ hasText: '(web)' });
  await expect(pageCard).toContainText(/1 of 100/);
  await expect(desk).toContainText(/1 of 100/);

  // Both tests in Network Statistics, with speeds and node names.
  await dashboard.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const network = dashboard.getByTestId('network-statistics');
  await network.scrollIntoViewIfNeeded();
  const rows = network
    .getByTestId('network-statistics-table')
    .locator('tbody tr:has(td[data-column="time"])');
  await expect(rows).toHaveCount(2, { timeout: 10_000 });
  const pageRow = rows.filter({ hasText: '(web)' });
  const deskRow = rows.filter({ hasText: 'Desk browser' });
  for (const row of [pageRow, deskRow]) {
    await expect(row.locator('td[data-column="download"]')).toContainText(/\d/);
    await expect(row.locator('td[data-column="upload"]')).toContainText(/\d/);
  }

  // The receipt of the page's test: the address was another account's in the last day,
  // and it shared no location, so it earned the base alone.
  await pageRow.getByRole('button', { name: /^Receipt/ }).click();
  const receipt = dashboard.getByTestId('speedtest-receipt');
  await expect(receipt).toContainText(RECEIPT_TEXTS.base(50));
  await expect(receipt).toContainText(RECEIPT_TEXTS.uniqueIpMissed);
  await expect(receipt).toContainText(RECEIPT_TEXTS.locationMissed);
  await expect(receipt).toContainText(RECEIPT_TEXTS.total(50));
  await receipt.getByRole('button', { name: /Close/ }).click();
  // The popup's test shared its location: doubled for it, still no Unique IP.
  await deskRow.click();
  await expect(receipt).toContainText(RECEIPT_TEXTS.uniqueIpMissed);
  await expect(receipt).toContainText(RECEIPT_TEXTS.locationApplied);
  await expect(receipt).toContainText(RECEIPT_TEXTS.total(100));
  await receipt.getByRole('button', { name: /Close/ }).click();

  // Removing the node signs the extension out; its test stays in the history.
  await dashboard.getByRole('link', { name: 'Nodes', exact: true }).click();
  await desk.getByRole('button', { name: 'Remove' }).click();
  const removeDialog = dashboard.getByRole('dialog');
  await expect(removeDialog).toContainText(NODE_SCREEN_TEXTS.removeWarning);
  await removeDialog.getByRole('button', { name: 'Remove node' }).click();
  await expect(cards).toHaveCount(1);
  await popup.bringToFront();
  await popup.reload();
  await expect(popup.getByRole('heading', { name: 'You are signed out' })).toBeVisible({
    timeout: 15_000,
  });

  // The dashboard signs it in again: the server says the node was removed.
  await dashboard.bringToFront();
  await dashboard.reload();
  await popup.bringToFront();
  await expect(
    popup.getByRole('heading', { name: 'This browser was removed from your nodes.' }),
  ).toBeVisible({ timeout: 15_000 });

  // Four more nodes fill the account; adding the extension again would be the sixth.
  for (const name of ['Laptop', 'Office', 'Phone', 'Tablet']) {
    expect((await registerBrowserNode(dashboard, name)).status).toBe(200);
  }
  const sixth = await registerBrowserNode(dashboard, 'One too many');
  expect(sixth).toEqual({
    status: 409,
    body: expect.objectContaining({ message: NODE_MESSAGES.limitReached(DEFAULT_NODE_LIMIT) }),
  });
  await popup.getByRole('button', { name: 'Add this browser again' }).click();
  await expect(popup.getByTestId('registration-problem')).toHaveText(
    NODE_MESSAGES.limitReached(DEFAULT_NODE_LIMIT),
    { timeout: 15_000 },
  );
});
