import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, type History, type InitialEntry } from '@/lib/router';

/**
 * A query client for one test: no retries, so a refused request shows its error at once
 * instead of after the app's three attempts.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export interface InAppOptions {
  /** The address the router starts at (with its search and state, if the screen reads them). */
  at?: InitialEntry;
  /** A history the test moves or looks at afterwards; `at` is then ignored. */
  history?: History;
  /** A client the test fills or reads (cached data, a longer stale time); else a fresh one. */
  client?: QueryClient;
}

/**
 * Renders `ui` as the app holds a screen: inside a query client of its own and a router in
 * memory. Answers the client with the render's queries.
 */
export function renderInApp(
  ui: ReactNode,
  { at = '/', history, client = testQueryClient() }: InAppOptions = {},
) {
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]} history={history}>
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, ...view };
}
