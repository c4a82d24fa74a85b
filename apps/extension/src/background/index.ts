/**
 * The extension's service worker: registers as a node when the dashboard signs
 * it in, plans and runs the day's speed tests, reports heartbeats, shows the
 * node's notices as browser notifications, and answers the popup (the parts are wired in worker.ts). Every listener is registered
 * synchronously at the top level, as MV3 requires for the worker to be woken
 * by its events.
 */
import { config as zodConfig } from 'zod';
import { WEB_ORIGIN } from '../config.ts';
import { chromeStateStore } from '../lib/extension-state.ts';
import { iconFileName } from '../lib/icon-files.ts';
import {
  isBackgroundRequest,
  type BackgroundRequest,
  type RunNowReply,
  type SpeedProgress,
} from '../lib/popup-protocol.ts';
import { nodeNameOf } from '../lib/node-name.ts';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';
import type { NoticeDisplay } from './browser-notices.ts';
import { handleExternalMessage } from './external-messages.ts';
import { currentPosition } from './geolocation.ts';
import { runNdt7Direction } from '@netpulse/ndt7';
import { popupStatus } from './status.ts';
import { createWorker } from './worker.ts';

// The extension's CSP forbids eval; zod would otherwise probe for it on every start.
zodConfig({ jitless: true });

const store = chromeStateStore;
const now = () => Date.now();

/** The live speed to an open popup's gauge; with no popup open the message has no receiver. */
function tellPopup(progress: { direction: SpeedProgress['direction']; mbps: number }): void {
  const message: SpeedProgress = { target: 'popup', type: 'progress', ...progress };
  chrome.runtime.sendMessage(message).catch(() => undefined);
}

/** The notices' pop-ups, with the extension's own icon and one button that opens their page. */
const noticeDisplay: NoticeDisplay = {
  show: async (id, notice) => {
    await chrome.notifications.create(id, {
      type: 'basic',
      iconUrl: chrome.runtime.getURL(iconFileName(128)),
      title: notice.title,
      message: notice.message,
      buttons: [{ title: notice.button }],
    });
  },
  openTab: async (url) => {
    await chrome.tabs.create({ url });
  },
};

const { api, contribution, registration, browserNotices, start, onAlarm } = createWorker({
  origin: WEB_ORIGIN,
  fetch: (url, init) => fetch(url, init),
  store,
  alarms: {
    create: (name, info) => chrome.alarms.create(name, info),
    clear: (name) => chrome.alarms.clear(name),
  },
  runDirection: (url, direction) => runNdt7Direction(url, direction, tellPopup),
  locate: currentPosition,
  now,
  random: Math.random,
  newNodeId: () => crypto.randomUUID(),
  nodeName: () => nodeNameOf(navigator),
  version: chrome.runtime.getManifest().version,
  noticeDisplay,
});

/** Logs instead of rejecting: an event handler's failure must not stop later events. */
function logFailure(what: string) {
  return (error: unknown) => console.error(`${what} failed:`, error);
}

chrome.runtime.onInstalled.addListener(() => {
  start().catch(logFailure('Starting'));
});
chrome.runtime.onStartup.addListener(() => {
  start().catch(logFailure('Starting'));
});

chrome.alarms.onAlarm.addListener((alarm) => {
  onAlarm(alarm.name).catch(logFailure(`Alarm ${alarm.name}`));
});

/** A notice, or its button, clicked: its page of the web app, and the pop-up goes. */
function openNotice(noticeId: string): void {
  browserNotices
    .open(noticeId)
    .then(() => chrome.notifications.clear(noticeId))
    .catch(logFailure('Opening a notice'));
}
chrome.notifications.onClicked.addListener(openNotice);
chrome.notifications.onButtonClicked.addListener((noticeId) => openNotice(noticeId));

chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  handleExternalMessage(message, sender.origin, {
    webOrigin: WEB_ORIGIN,
    store,
    onDashboardToken: (token) => registration.tokenHandedOver(token),
    onSignedOut: () => contribution.signOut(),
  }).then(sendResponse, (error: unknown) => {
    logFailure('A message of the web app')(error);
    sendResponse({ ok: false, error: englishText(WORKER_TEXTS.extensionFailed) });
  });
  return true;
});

async function answerPopup(request: BackgroundRequest): Promise<unknown> {
  switch (request.type) {
    case 'status':
      return popupStatus({ api, store, contribution, now });
    case 'add-again':
      await registration.addAgain();
      return popupStatus({ api, store, contribution, now });
    case 'retry-registration':
      await registration.retry();
      return popupStatus({ api, store, contribution, now });
    case 'set-share-location':
      await store.set({ shareLocation: request.share });
      return { ok: true };
    case 'run-now': {
      const outcome = await contribution.runNow();
      return (
        outcome.ok
          ? { ok: true, result: outcome.result }
          : { ok: false, error: outcome.failure.message }
      ) satisfies RunNowReply;
    }
  }
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  // Only this extension's own pages, and only requests meant for the worker.
  if (sender.id !== chrome.runtime.id || !isBackgroundRequest(message)) return false;
  answerPopup(message).then(sendResponse, (error: unknown) => {
    logFailure(`The popup's ${message.type}`)(error);
    sendResponse({ ok: false, error: englishText(WORKER_TEXTS.extensionFailed) });
  });
  return true;
});
