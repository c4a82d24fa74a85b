/**
 * The worker's parts wired together: the API client with the node's session,
 * the node's registration, the day's tests, the heartbeat and the notices it
 * shows. index.ts gives it chrome's APIs and registers the listeners; tests give
 * it a fake fetch and an in-memory store, and so exercise the same wiring.
 */
import type { StateStore } from '../lib/extension-state.ts';
import { createApiClient } from './api-client.ts';
import { ALARMS, createContribution, type ContributionDeps } from './contribution.ts';
import { createBrowserNotices, type NoticeDisplay } from './browser-notices.ts';
import { createHeartbeat } from './heartbeat.ts';
import { createNodeRegistration } from './node-registration.ts';

export interface WorkerDeps extends Pick<
  ContributionDeps,
  'alarms' | 'runDirection' | 'locate' | 'now' | 'random'
> {
  /** The web origin, which serves the API too. */
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  store: StateStore;
  newNodeId: () => string;
  nodeName: () => string;
  /** The extension's version, from its manifest. */
  version: string;
  /** chrome.notifications and chrome.tabs (the notices' channel). */
  noticeDisplay: NoticeDisplay;
}

export function createWorker(deps: WorkerDeps) {
  const { store, alarms, now, version } = deps;

  const api = createApiClient({
    origin: deps.origin,
    fetch: deps.fetch,
    session: {
      accessToken: async () => (await store.get(['token'])).token,
      refreshCredentials: async () => {
        const { nodeId, refreshToken } = await store.get(['nodeId', 'refreshToken']);
        return nodeId && refreshToken ? { nodeId, refreshToken } : undefined;
      },
      set: ({ accessToken, refreshToken }) => store.set({ token: accessToken, refreshToken }),
      // A refused refresh: signed out, no tests planned.
      clear: () => contribution.signOut(),
    },
  });

  const contribution = createContribution({
    api,
    store,
    alarms,
    runDirection: deps.runDirection,
    locate: deps.locate,
    now,
    random: deps.random,
  });

  const browserNotices = createBrowserNotices({
    api,
    store,
    display: deps.noticeDisplay,
    origin: deps.origin,
  });

  const heartbeat = createHeartbeat({
    api,
    store,
    alarms,
    version,
    now,
    afterBeat: browserNotices.showNew,
  });

  const registration = createNodeRegistration({
    api,
    store,
    alarms,
    newNodeId: deps.newNodeId,
    nodeName: deps.nodeName,
    version,
    now,
    onRegistered: async () => {
      // Planned first, so the first heartbeat carries the next test.
      await contribution.plan();
      await heartbeat.beatIfDue();
    },
  });

  return {
    api,
    contribution,
    heartbeat,
    registration,
    browserNotices,

    /** Install or browser start: the node id, a pending registration, the day's plan, a heartbeat. */
    async start(): Promise<void> {
      await registration.resume();
      await contribution.plan();
      await heartbeat.beatIfDue();
    },

    /** chrome.alarms.onAlarm: each alarm to the part that set it. */
    onAlarm(name: string): Promise<void> {
      if (name === ALARMS.heartbeat) return heartbeat.beatIfDue();
      if (name === ALARMS.register) return registration.register();
      return contribution.onAlarm(name);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
