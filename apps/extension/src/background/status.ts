/** What the popup shows, gathered by the worker (which owns the token and the API calls). */
import { userProfileSchema } from '@netpulse/shared';
import { DASHBOARD_URLS } from '../config.ts';
import { isRunning, type ExtensionState, type StateStore } from '../lib/extension-state.ts';
import type { PopupStatus } from '../lib/popup-protocol.ts';
import { nextPlannedTestAt } from '../lib/scheduler.ts';
import { API_PATHS, ApiFailure, type ApiClient } from './api-client.ts';
import type { Contribution } from './contribution.ts';

/** Without a node session: signed out, removed, or refused (with the server's words). */
function signedOutStatus(
  state: Partial<Pick<ExtensionState, 'nodeRemoved' | 'registrationProblem' | 'dashboardToken'>>,
): PopupStatus {
  const urls = { loginUrl: DASHBOARD_URLS.login, nodesUrl: DASHBOARD_URLS.nodes };
  if (state.nodeRemoved) return { signedIn: false, reason: 'removed', problem: null, ...urls };
  if (state.registrationProblem && state.dashboardToken) {
    return {
      signedIn: false,
      reason: 'not-registered',
      problem: state.registrationProblem,
      ...urls,
    };
  }
  return { signedIn: false, reason: 'signed-out', problem: null, ...urls };
}

export async function popupStatus(deps: {
  api: ApiClient;
  store: StateStore;
  contribution: Contribution;
  now: () => number;
}): Promise<PopupStatus> {
  const state = await deps.store.get([
    'token',
    'plan',
    'retry',
    'runningSince',
    'shareLocation',
    'lastResult',
    'lastError',
    'nodeName',
    'nodeRemoved',
    'registrationProblem',
    'dashboardToken',
  ]);
  if (!state.token) return signedOutStatus(state);

  const [profile, quota] = await Promise.allSettled([
    deps.api.call('GET', API_PATHS.profile, userProfileSchema),
    deps.contribution.quota(),
  ]);
  const refused = [profile, quota].find((answer) => answer.status === 'rejected');
  const failure = refused?.status === 'rejected' ? refused.reason : undefined;
  if (failure instanceof ApiFailure && failure.failure.kind === 'signed-out') {
    await deps.contribution.signOut();
    return signedOutStatus(await deps.store.get(['nodeRemoved']));
  }

  const planned = nextPlannedTestAt(state.plan, state.retry);
  return {
    signedIn: true,
    nodeName: state.nodeName ?? null,
    username: profile.status === 'fulfilled' ? profile.value.username : null,
    totalPoints: profile.status === 'fulfilled' ? profile.value.points : null,
    creditedToday: quota.status === 'fulfilled' ? quota.value.creditedToday : null,
    dailyLimit: quota.status === 'fulfilled' ? quota.value.dailyLimit : null,
    nextOpenAt: quota.status === 'fulfilled' ? quota.value.nextOpenAt : null,
    nextTestAt: planned !== undefined ? new Date(planned).toISOString() : null,
    running: isRunning(state.runningSince, deps.now()),
    shareLocation: state.shareLocation ?? false,
    lastResult: state.lastResult ?? null,
    lastError: state.lastError ?? null,
    problem: failure instanceof Error ? failure.message : null,
    dashboardUrl: DASHBOARD_URLS.dashboard,
  };
}
