/**
 * The extension's service worker: signs in through the dashboard's messages,
 * plans and runs the day's speed tests, and answers the popup. Every listener
 * is registered synchronously at the top level, as MV3 requires for the worker
 * to be woken by its events.
 */
import { config as zodConfig } from 'zod';
import { WEB_ORIGIN } from '../config.ts';
import { chromeStateStore } from '../lib/extension-state.ts';
import {
  isBackgroundRequest,
  type BackgroundRequest,
  type RunNowReply,
} from '../lib/popup-protocol.ts';
import { createApiClient } from './api-client.ts';
import { createContribution } from './contribution.ts';
import { handleExternalMessage } from './external-messages.ts';
import { currentPosition } from './geolocation.ts';
import { runNdt7Direction } from '../lib/ndt7-client.ts';
import { popupStatus } from './status.ts';

// The extension's CSP forbids eval; zod would otherwise probe for it on every start.
zodConfig({ jitless: true });

const store = chromeStateStore;
const now = () => Date.now();

const api = createApiClient({
  origin: WEB_ORIGIN,
  fetch: (url, init) => fetch(url, init),
  tokens: {
    get: async () => (await store.get(['token'])).token,
    set: (token) => store.set({ token }),
    clear: () => contribution.signOut(),
  },
});

const contribution = createContribution({
  api,
  store,
  alarms: {
    create: (name, info) => chrome.alarms.create(name, info),
    clear: (name) => chrome.alarms.clear(name),
  },
  runDirection: runNdt7Direction,
  locate: currentPosition,
  now,
  random: Math.random,
});

/** Logs instead of rejecting: an event handler's failure must not stop later events. */
function logFailure(what: string) {
  return (error: unknown) => console.error(`${what} failed:`, error);
}

chrome.runtime.onInstalled.addListener(() => {
  contribution.plan().catch(logFailure('Planning'));
});
chrome.runtime.onStartup.addListener(() => {
  contribution.plan().catch(logFailure('Planning'));
});
chrome.alarms.onAlarm.addListener((alarm) => {
  contribution.onAlarm(alarm.name).catch(logFailure(`Alarm ${alarm.name}`));
});

chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  handleExternalMessage(message, sender.origin, {
    webOrigin: WEB_ORIGIN,
    store,
    onSignedIn: () => contribution.plan(),
    onSignedOut: () => contribution.signOut(),
  }).then(sendResponse, (error: unknown) => {
    logFailure('A message of the web app')(error);
    sendResponse({ ok: false, error: 'The extension failed' });
  });
  return true;
});

async function answerPopup(request: BackgroundRequest): Promise<unknown> {
  switch (request.type) {
    case 'status':
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
    sendResponse({ ok: false, error: 'The extension failed' });
  });
  return true;
});
