/**
 * A push service (RFC 8030) for the Web Push tests: it takes a POST at a subscription's
 * endpoint, `/push/<name>`, and answers 201 as the real ones do, or the status a test sets
 * for that endpoint (410 for a subscription gone, 500 for an outage). Every request is kept,
 * with its body's bytes, for the test to decrypt. Test-only.
 */
import { startStandIn, type RunningStandIn, type StandInRequest } from './http-stand-in.ts';

export interface PushServiceStandIn extends RunningStandIn {
  /** A new subscription's endpoint on this service. */
  endpoint(name: string): string;
  /** From now on, pushes to `endpoint` are answered `status`. */
  answer(endpoint: string, status: number): void;
  /** The pushes received for `endpoint`, oldest first. */
  pushesTo(endpoint: string): StandInRequest[];
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const statuses = new Map<string, number>();
  const running = await startStandIn((request) => ({
    status: statuses.get(request.url.pathname) ?? 201,
    text: '',
  }));
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    ...running,
    endpoint: (name) => `${running.url}/push/${encodeURIComponent(name)}`,
    answer: (endpoint, status) => statuses.set(pathOf(endpoint), status),
    pushesTo: (endpoint) =>
      running.requests.filter((request) => request.url.pathname === pathOf(endpoint)),
  };
}
