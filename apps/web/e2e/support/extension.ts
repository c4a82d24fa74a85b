/// <reference types="chrome" />
/**
 * The validator extension in a browser test: the zip the test server offers, a
 * Chromium that loads it unpacked, and its pages and worker.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import {
  chromium,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from './e2e-env.ts';

/** The id the committed development key pins (the one the e2e server names by default). */
export const DEV_EXTENSION_ID = (
  JSON.parse(readFileSync('apps/extension/dev-key.json', 'utf8')) as { extensionId: string }
).extensionId;

const E2E_DOWNLOAD_DIR = join(process.cwd(), 'test-results', 'extension-e2e');

/**
 * Downloads the extension as the sidebar's Install button offers it, from the test
 * server (on a port of its own, not the one the build names), and unzips it as a
 * person would before "Load unpacked"; answers the unpacked folder.
 */
export async function downloadExtension(request: APIRequestContext): Promise<string> {
  const response = await request.get('/downloads/extension.zip');
  if (!response.ok()) {
    throw new Error(`The download answered ${response.status()}: run npm run build first`);
  }
  // A folder of its own for each download: two workers unpacking into one folder at once
  // emptied it under the other's Chromium, whose extension then never started.
  mkdirSync(E2E_DOWNLOAD_DIR, { recursive: true });
  const unpackedDir = mkdtempSync(join(E2E_DOWNLOAD_DIR, 'unpacked-'));
  for (const [name, bytes] of Object.entries(unzipSync(await response.body()))) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(unpackedDir, name)), { recursive: true });
    writeFileSync(join(unpackedDir, name), bytes);
  }
  return unpackedDir;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  popupUrl: string;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with only this extension, in a fresh profile (extensions
 * need a persistent context), headless in the new mode that runs extensions.
 */
export async function launchWithExtension(unpackedDir: string): Promise<ExtensionBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'netpulse-extension-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    baseURL: E2E_BASE_URL,
    args: [
      `--disable-extensions-except=${unpackedDir}`,
      `--load-extension=${unpackedDir}`,
      '--headless=new',
      ...CHROMIUM_ARGS,
    ],
  });
  const worker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    popupUrl: `chrome-extension://${extensionId}/popup.html`,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives the extension's geolocation a fixed position. Headless Chromium has no
 * location service, and Playwright's geolocation option does not reach an
 * offscreen document, so the test opens that document itself (the extension
 * reuses an open one) and sets the position on it over the DevTools protocol.
 */
export async function fixExtensionPosition(
  browser: ExtensionBrowser,
  position: { latitude: number; longitude: number },
): Promise<void> {
  await browser.worker.evaluate(async () => {
    await chrome.offscreen.createDocument({
      url: 'offscreen.html',
      reasons: [chrome.offscreen.Reason.GEOLOCATION],
      justification: 'Browser test: a fixed position',
    });
  });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const cdp = await browser.context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; url: string }[];
  };
  const offscreen = targetInfos.find((target) => target.url.endsWith('/offscreen.html'));
  if (!offscreen) throw new Error('The offscreen document did not open');
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: offscreen.targetId,
    flatten: false,
  });
  const answered = new Promise<void>((resolve) => {
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      if ((event as { sessionId?: string }).sessionId === sessionId) resolve();
    });
  });
  // Without flat sessions, commands to another target travel inside this one.
  await cdp.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({
      id: 1,
      method: 'Emulation.setGeolocationOverride',
      params: { ...position, accuracy: 10 },
    }),
  });
  await answered;
}

/**
 * Starts recording the names the popup's live gauge shows while visible, and
 * returns a reader. A speed test on the e2e server lasts about a second, so a
 * polling assertion can miss the gauge when the machine is busy; the popup
 * itself notes every change.
 */
export async function recordLiveGauge(popup: Page): Promise<() => Promise<string[]>> {
  await popup.evaluate(() => {
    const gauge = document.querySelector<HTMLElement>('[data-testid="speed-gauge"]');
    if (!gauge) throw new Error('The popup has no live gauge');
    const shown: string[] = [];
    (window as unknown as { liveGaugeShown: string[] }).liveGaugeShown = shown;
    new MutationObserver(() => {
      const name = gauge.getAttribute('aria-label');
      if (!gauge.hidden && gauge.getAttribute('role') === 'meter' && name) shown.push(name);
    }).observe(gauge, { attributes: true });
  });
  return () =>
    popup.evaluate(() => (window as unknown as { liveGaugeShown: string[] }).liveGaugeShown);
}
