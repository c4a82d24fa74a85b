/// <reference types="chrome" />
/**
 * The extension's notifications (issue 30): the extension is signed in as a node; the
 * server reports the node gone quiet (the e2e server tells of a node after one minute,
 * scripts/e2e-server.mjs); at its next heartbeat the extension's own code shows the
 * notice with chrome.notifications, its title the server's, its id the notice's.
 */
import { expect, test, type Page } from '@playwright/test';
import { signedInPerson } from './support/flows.ts';
import {
  downloadExtension,
  launchWithExtension,
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

/** The types of the person's notices, as the dashboard reads them. */
function noticeTypes(dashboard: Page): Promise<string[]> {
  return dashboard.evaluate(async () => {
    const response = await fetch('/v1/api/notifications', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    const body = (await response.json()) as { data: { type: string }[] };
    return body.data.map((notice) => notice.type);
  });
}

test('the extension shows its node’s going quiet as a browser notification', async () => {
  // The server's scan runs each minute and tells of a node quiet for one.
  test.setTimeout(240_000);
  browser = await launchWithExtension(unpackedDir);
  const popup = await browser.context.newPage();
  await popup.goto(browser.popupUrl);
  const dashboard = await browser.context.newPage();
  const person = await signedInPerson(dashboard, 'quiet');
  await popup.bringToFront();
  await expect(popup.getByTestId('username')).toHaveText(person.username, { timeout: 15_000 });
  const nodeName = (await popup.getByTestId('node-name').textContent()) ?? '';

  // Record what the extension's own code asks chrome.notifications to show.
  await browser.worker.evaluate(() => {
    const shown: { id: string; title: string; buttons: string[] }[] = [];
    (globalThis as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    const create = chrome.notifications.create.bind(chrome.notifications) as (
      id: string,
      options: chrome.notifications.NotificationOptions,
    ) => Promise<string>;
    // Recorded once Chrome has made it, so a notice seen here is one getAll can list.
    (chrome.notifications as unknown as { create: typeof create }).create = async (id, options) => {
      const created = await create(id, options);
      shown.push({
        id,
        title: options.title ?? '',
        buttons: (options.buttons ?? []).map((button) => button.title),
      });
      return created;
    };
  });

  // No heartbeat for a minute (the next is five away): the server tells of the node.
  await expect
    .poll(() => noticeTypes(dashboard), { timeout: 180_000, intervals: [5_000] })
    .toContain('node_offline');

  // The heartbeat's alarm, due now: the extension beats and asks for its notices.
  await browser.worker.evaluate(async () => {
    await chrome.storage.local.set({ lastHeartbeatAt: 0 });
    await chrome.alarms.create('heartbeat', { when: Date.now() });
  });
  const worker = browser.worker;
  await expect
    .poll(
      () =>
        worker.evaluate(
          () =>
            (globalThis as unknown as { shownNotifications: { title: string }[] })
              .shownNotifications,
        ),
      { timeout: 30_000 },
    )
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: `${nodeName} went quiet`, buttons: ['Open Nodes'] }),
        expect.objectContaining({ title: `${nodeName} is back online` }),
      ]),
    );
  const shown = await worker.evaluate(async () => {
    const ids = (globalThis as unknown as { shownNotifications: { id: string }[] })
      .shownNotifications;
    const open = await chrome.notifications.getAll();
    return ids.map((notice) => notice.id in open);
  });
  expect(shown.every(Boolean)).toBe(true);
  // The heartbeat said it is back: the person hears that too.
  await expect.poll(() => noticeTypes(dashboard)).toContain('node_online');
});
