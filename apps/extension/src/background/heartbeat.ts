/**
 * The node's heartbeat (POST /v1/api/nodes/heartbeat): at most every
 * NODE_HEARTBEAT_INTERVAL_MS while signed in, with the extension's version and
 * its next planned test, so the Nodes page shows it Online and when it tests
 * next. A failed heartbeat is nobody's business but the log's: the next alarm
 * tries again. A 401 goes through the API client's refresh like any call.
 */
import {
  NODE_HEARTBEAT_INTERVAL_MS,
  nodeSchema,
  type NodeHeartbeatRequest,
} from '@netpulse/shared';
import type { StateStore } from '../lib/extension-state.ts';
import { nextPlannedTestAt } from '../lib/scheduler.ts';
import { API_PATHS, type ApiClient } from './api-client.ts';
import { ALARMS, type AlarmScheduler } from './contribution.ts';

export interface HeartbeatDeps {
  api: ApiClient;
  store: StateStore;
  alarms: AlarmScheduler;
  /** The extension's version, from its manifest. */
  version: string;
  now: () => number;
  /** After a heartbeat the server answered: the node asks for its notices then. */
  afterBeat?: () => Promise<void>;
}

export function createHeartbeat(deps: HeartbeatDeps) {
  /** Sends a heartbeat when the last one is NODE_HEARTBEAT_INTERVAL_MS old, and arms the next. */
  async function beatIfDue(): Promise<void> {
    const state = await deps.store.get(['token', 'lastHeartbeatAt', 'plan', 'retry']);
    if (!state.token) {
      await deps.alarms.clear(ALARMS.heartbeat);
      return;
    }
    const now = deps.now();
    const due = (state.lastHeartbeatAt ?? -Infinity) + NODE_HEARTBEAT_INTERVAL_MS;
    if (now < due) {
      await deps.alarms.create(ALARMS.heartbeat, { when: due });
      return;
    }
    // Counted before it is sent: a failed one waits for the next alarm like a sent one.
    await deps.store.set({ lastHeartbeatAt: now });
    await deps.alarms.create(ALARMS.heartbeat, { when: now + NODE_HEARTBEAT_INTERVAL_MS });
    const next = nextPlannedTestAt(state.plan, state.retry);
    const body: NodeHeartbeatRequest = {
      version: deps.version,
      nextTestAt: next === undefined ? null : new Date(next).toISOString(),
    };
    try {
      const node = await deps.api.call('POST', API_PATHS.heartbeat, nodeSchema, body);
      // The person may have renamed the node on the dashboard (unless signed out meanwhile).
      const { token } = await deps.store.get(['token']);
      if (token) await deps.store.set({ nodeName: node.name });
    } catch (error) {
      console.warn(
        'The heartbeat failed; the next alarm tries again:',
        error instanceof Error ? error.message : error,
      );
      return;
    }
    await deps.afterBeat?.();
  }

  return { beatIfDue };
}

export type Heartbeat = ReturnType<typeof createHeartbeat>;
