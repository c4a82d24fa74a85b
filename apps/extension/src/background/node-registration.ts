/**
 * This installation as a node (docs/ARCHITECTURE.md section 8, Nodes): its random
 * id, kept across sign-outs, and its registration. The dashboard's token is
 * used once, to register (POST /v1/api/nodes); the answer is the node's own
 * session, which every later call uses, so removing the node on the dashboard
 * signs out this extension and nothing else. A removed node id is never
 * registered again: "Add this browser again" makes a new one.
 */
import { NODE_MESSAGES, registeredNodeSchema, type RegisterNodeRequest } from '@netpulse/shared';
import type { StateStore } from '../lib/extension-state.ts';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';
import { API_PATHS, ApiFailure, type ApiClient } from './api-client.ts';
import { ALARMS, type AlarmScheduler } from './contribution.ts';

/** After a passing failure (offline, the server busy), registering is tried again this much later. */
export const REGISTER_RETRY_MS = 60_000;

export interface NodeRegistrationDeps {
  api: ApiClient;
  store: StateStore;
  alarms: AlarmScheduler;
  /** A new node id (crypto.randomUUID in the worker). */
  newNodeId: () => string;
  /** The name to register with (lib/node-name.ts). */
  nodeName: () => string;
  /** The extension's version, from its manifest. */
  version: string;
  now: () => number;
  /** The node has its session: plan the day's tests, send the first heartbeat. */
  onRegistered: () => Promise<void>;
}

export function createNodeRegistration(deps: NodeRegistrationDeps) {
  let registering: Promise<void> | null = null;

  /** The installation's node id, created on first need. */
  async function nodeId(): Promise<string> {
    const { nodeId: existing } = await deps.store.get(['nodeId']);
    if (existing) return existing;
    const created = deps.newNodeId();
    await deps.store.set({ nodeId: created });
    return created;
  }

  /** What a refused or failed registration leaves for the popup, and whether to try again. */
  async function recordFailure(failure: ApiFailure): Promise<void> {
    const { kind } = failure.failure;
    if (kind === 'signed-out') {
      // The dashboard's token expired meanwhile: its next hand-over registers.
      await deps.store.remove(['dashboardToken', 'registrationProblem']);
      return;
    }
    if (kind === 'http' && failure.failure.status === 409) {
      if (failure.message === NODE_MESSAGES.wasRemoved) {
        await deps.store.set({ nodeRemoved: true });
        await deps.store.remove(['registrationProblem']);
      } else {
        // The node limit (its message names the limit and how to remove a node), shown as it is.
        await deps.store.set({ registrationProblem: failure.message });
      }
      return;
    }
    await deps.store.set({ registrationProblem: failure.message });
    const passing =
      kind === 'network' ||
      (kind === 'http' && (failure.failure.status === 429 || failure.failure.status >= 500));
    if (passing)
      await deps.alarms.create(ALARMS.register, { when: deps.now() + REGISTER_RETRY_MS });
  }

  /**
   * Another account signed in on this browser before and registered this id:
   * this account's node is a new one, under a new id.
   */
  const isAnotherAccountsId = (error: ApiFailure) =>
    error.failure.kind === 'http' &&
    error.failure.status === 409 &&
    error.message === NODE_MESSAGES.belongsToAnother;

  async function registerOnce(withNewId = false): Promise<void> {
    if (withNewId) await deps.store.set({ nodeId: deps.newNodeId() });
    const state = await deps.store.get(['dashboardToken', 'refreshToken', 'nodeRemoved']);
    if (!state.dashboardToken || state.refreshToken || state.nodeRemoved) return;
    const request: RegisterNodeRequest = {
      nodeId: await nodeId(),
      kind: 'extension',
      name: deps.nodeName(),
      version: deps.version,
    };
    let registered;
    try {
      registered = await deps.api.callWithToken(
        state.dashboardToken,
        'POST',
        API_PATHS.nodes,
        registeredNodeSchema,
        request,
      );
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (!withNewId && isAnotherAccountsId(error)) return registerOnce(true);
      return recordFailure(error);
    }
    // Signed out on the dashboard while registering: the answer's session is not wanted.
    const { dashboardToken: stillSignedIn } = await deps.store.get(['dashboardToken']);
    if (!stillSignedIn) return;
    if (!registered.session) {
      // The contract gives every extension node a session; without one there is nothing to call with.
      return recordFailure(
        new ApiFailure({
          kind: 'http',
          status: 502,
          message: englishText(WORKER_TEXTS.noSession),
        }),
      );
    }
    await deps.store.set({
      token: registered.session.accessToken,
      refreshToken: registered.session.refreshToken,
      nodeName: registered.node.name,
    });
    // The node calls with its own session from now on: the dashboard's token is not kept.
    await deps.store.remove(['dashboardToken', 'registrationProblem']);
    await deps.alarms.clear(ALARMS.register);
    await deps.onRegistered();
  }

  /** Registers with the stored dashboard token unless there is a session; one attempt at once. */
  function register(): Promise<void> {
    registering ??= registerOnce().finally(() => {
      registering = null;
    });
    return registering;
  }

  return {
    nodeId,
    register,

    /**
     * The dashboard handed over its token (sign-in, page load, its own refresh).
     * A working node session stays as it is; without one, this registers.
     */
    async tokenHandedOver(token: string): Promise<void> {
      const { refreshToken } = await deps.store.get(['refreshToken']);
      if (refreshToken) return;
      await deps.store.set({ dashboardToken: token });
      await register();
    },

    /**
     * Start-up: make sure of the id, and treat an access token without a node
     * session (signed in before nodes existed) as a dashboard token to register with.
     */
    async resume(): Promise<void> {
      await nodeId();
      const { token, refreshToken } = await deps.store.get(['token', 'refreshToken']);
      if (token && !refreshToken) {
        await deps.store.set({ dashboardToken: token });
        await deps.store.remove(['token']);
      }
      await register();
    },

    /** "Add this browser again": a removed node's id is done with, so a new one registers. */
    async addAgain(): Promise<void> {
      await deps.store.set({ nodeId: deps.newNodeId() });
      await deps.store.remove(['nodeRemoved', 'registrationProblem']);
      await register();
    },

    /** "Try again" after a refusal (a node was removed to make room) or a failure. */
    async retry(): Promise<void> {
      await deps.store.remove(['registrationProblem']);
      await register();
    },
  };
}

export type NodeRegistration = ReturnType<typeof createNodeRegistration>;
