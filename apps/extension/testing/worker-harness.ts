/** The worker (src/background/worker.ts) over an in-memory store, fake alarms and a fake server. */
import type { ExtensionState } from '../src/lib/extension-state.ts';
import { createWorker } from '../src/background/worker.ts';
import { FAKE_ORIGIN, fakeNodeServer } from './fake-node-server.ts';
import { memoryStore } from './memory-store.ts';

export const HARNESS_VERSION = '1.2.3';
export const HARNESS_NODE_NAME = 'Chrome on Linux';

export function workerHarness(
  options: {
    state?: Partial<ExtensionState>;
    limit?: number;
    startAt?: number;
    /** Node ids the fake server holds for another account. */
    otherAccountsIds?: string[];
  } = {},
) {
  let clock = options.startAt ?? Date.UTC(2026, 2, 10, 6);
  const now = () => clock;
  const server = fakeNodeServer({
    limit: options.limit,
    now,
    otherAccountsIds: options.otherAccountsIds,
  });
  const store = memoryStore(options.state);
  const alarms = new Map<string, number>();
  /** What chrome.notifications showed, by id, and the tabs opened. */
  const notifications = new Map<string, { title: string; message: string; button: string }>();
  const openedTabs: string[] = [];
  let ids = 0;
  const worker = createWorker({
    origin: FAKE_ORIGIN,
    fetch: server.fetch,
    store,
    alarms: {
      create: async (name, { when }) => void alarms.set(name, when),
      clear: async (name) => alarms.delete(name),
    },
    runDirection: async () => 1000,
    locate: async () => null,
    now,
    random: () => 0.5,
    newNodeId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    nodeName: () => HARNESS_NODE_NAME,
    version: HARNESS_VERSION,
    noticeDisplay: {
      show: async (id, notice) => void notifications.set(id, notice),
      openTab: async (url) => void openedTabs.push(url),
    },
  });
  return {
    worker,
    server,
    store,
    alarms,
    notifications,
    openedTabs,
    advance: (ms: number) => {
      clock += ms;
    },
    now,
  };
}
