// Every console query's key starts with ADMIN_QUERY_KEY: an action in the console may change
// what several of its lists show (a ban changes the user, the users list, the fraud signals and
// the audit log), so a finished action refreshes them all; only the lists on screen refetch.

export const ADMIN_QUERY_KEY = ['admin'] as const;

/** The console's API, relative to the client's /v1 base. */
export const ADMIN_API = '/admin';

export const adminKeys = {
  overview: () => [...ADMIN_QUERY_KEY, 'overview'] as const,
  users: (query: object) => [...ADMIN_QUERY_KEY, 'users', query] as const,
  user: (userId: number) => [...ADMIN_QUERY_KEY, 'user', userId] as const,
  userLedger: (userId: number, pageNumber: number) =>
    [...ADMIN_QUERY_KEY, 'user', userId, 'ledger', pageNumber] as const,
  invites: (pageNumber: number) => [...ADMIN_QUERY_KEY, 'invites', pageNumber] as const,
  cycles: () => [...ADMIN_QUERY_KEY, 'cycles'] as const,
  reviews: () => [...ADMIN_QUERY_KEY, 'reviews'] as const,
  fraud: (query: object) => [...ADMIN_QUERY_KEY, 'fraud', query] as const,
  audit: (query: object) => [...ADMIN_QUERY_KEY, 'audit', query] as const,
  jobs: () => [...ADMIN_QUERY_KEY, 'jobs'] as const,
  failedJobs: (pageNumber: number) => [...ADMIN_QUERY_KEY, 'jobs', 'failed', pageNumber] as const,
  announcements: (pageNumber: number) => [...ADMIN_QUERY_KEY, 'announcements', pageNumber] as const,
};
