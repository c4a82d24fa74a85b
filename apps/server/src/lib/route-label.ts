/**
 * The `route` label of a request in GET /metrics: its route pattern for the API
 * (`/v1/api/points/:testId/receipt`), and one label each for what has no pattern
 * worth a series. Static files are a route per file, and their names change
 * with every build (`/assets/admin-guard-ClWx9f2s.js`); the web app's pages are
 * whatever path the browser asks for. A label per file or page would add series
 * with every deploy and every URL typed (decision 024).
 */
import type { FastifyRequest } from 'fastify';

export const ROUTE_LABELS = {
  /** No route matched, and no page was served: a 404. */
  unmatched: 'unmatched',
  /** A file of the web build (plugins/spa.ts). */
  static: 'static',
  /** A page of the web app, served by the history fallback (plugins/spa.ts). */
  spa: 'spa',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set with `countAs` by a handler whose requests share one label. */
    metricsRoute?: string;
  }
}

/** Counts `request` under `label` rather than its route. */
export function countAs(request: FastifyRequest, label: string): void {
  request.metricsRoute = label;
}

export function routeLabelOf(request: FastifyRequest): string {
  if (request.metricsRoute !== undefined) return request.metricsRoute;
  if (request.is404) return ROUTE_LABELS.unmatched;
  return request.routeOptions.url ?? ROUTE_LABELS.unmatched;
}
