/**
 * The extension's service worker: registers as a node when the dashboard signs
 * it in, plans and runs the day's speed tests, reports heartbeats, and answers
 * the popup. Every listener
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
import { nodeNameOf } from '../lib/node-name.ts';
import { ALARMS, createContribution } from './contribution.ts';
import { handleExternalMessage } from './external-messages.ts';
import { currentPosition } from './geolocation.ts';
import { createHeartbeat } from './heartbeat.ts';
import { runNdt7Direction } from './ndt7-client.ts';
import { createNodeRegistration } from './node-registration.ts';
import { popupStatus } from './status.ts';

// The extension's CSP forbids eval; zod would otherwise probe for it on every start.
zodConfig({ jitless: true });

const store = chromeStateStore;
const now = () => Date.now();
const version = chrome.runtime.getManifest().version;
const alarms = {
  create: (name: string, info: { when: number }) => chrome.alarms.create(name, info),
  clear: (name: string) => chrome.alarms.clear(name),
};

const api = createApiClient({
  origin: WEB_ORIGIN,
  fetch: (url, init) => fetch(url, init),
  session: {
    accessToken: async () => (await store.get(['token'])).token,
    refreshCredentials: async () => {
      const { nodeId, refreshToken } = await store.get(['nodeId', 'refreshToken']);
      return nodeId && refreshToken ? { nodeId, refreshToken } : undefined;
    },
    set: ({ accessToken, refreshToken }) => store.set({ token: accessToken, refreshToken }),
    clear: () => contribution.signOut(),
  },
});

const contribution = createContribution({
  api,
  store,
  alarms,
  runDirection: runNdt7Direction,
  locate: currentPosition,
  now,
  random: Math.random,
});

const heartbeat = createHeartbeat({ api, store, alarms, version, now });

const registration = createNodeRegistration({
  api,
  store,
  alarms,
  newNodeId: () => crypto.randomUUID(),
  nodeName: () => nodeNameOf(navigator),
  version,
  now,
  onRegistered: async () => {
    await contribution.plan();
    await heartbeat.beatIfDue();
  },
});

/** Install or browser start: the node id, a pending registration, the day's plan, a heartbeat. */
async function start(): Promise<void> {
  await registration.resume();
  await contribution.plan();
  await heartbeat.beatIfDue();
}

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

function onAlarm(name: string): Promise<void> {
  if (name === ALARMS.heartbeat) return heartbeat.beatIfDue();
  if (name === ALARMS.register) return registration.register();
  return contribution.onAlarm(name);
}
chrome.alarms.onAlarm.addListener((alarm) => {
  onAlarm(alarm.name).catch(logFailure(`Alarm ${alarm.name}`));
});

chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  handleExternalMessage(message, sender.origin, {
    webOrigin: WEB_ORIGIN,
    store,
    onDashboardToken: (token) => registration.tokenHandedOver(token),
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
    sendResponse({ ok: false, error: 'The extension failed' });
  });
  return true;
});
