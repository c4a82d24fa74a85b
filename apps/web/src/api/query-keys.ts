// Every member query's key, one factory per server resource. A key starts with its resource, so
// a write refreshes a resource by its first element (`queryClient.invalidateQueries({ queryKey:
// earningsKeys.all })` refreshes every cycle's row), and a screen in one feature can refresh
// what another shows without importing it (features do not import each other). The console's
// keys live with the console (features/admin/api/admin-query-keys.ts): a member never loads it.

/** GET /auth/profile: the signed-in account, its balance and its quest flags. */
export const profileKeys = {
  all: ['profile'] as const,
};

/** GET /dashboard-stats and /dashboard/seasons/chart: the dashboard's earnings figures. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  earningsChart: () => [...dashboardKeys.all, 'earnings-chart'] as const,
  /** GET /first-run: the checklist, refreshed with the Bytes reads (a claim or a test ticks it). */
  firstRun: () => [...dashboardKeys.all, 'first-run'] as const,
};

/** GET /earnings/seasons: what the account earned in each cycle. */
export const earningsKeys = {
  all: ['earnings'] as const,
};

/** GET /transactions: the ledger, a page per filter. */
export const transactionKeys = {
  all: ['transactions'] as const,
  page: (filter: object) => [...transactionKeys.all, filter] as const,
};

/** GET /points (the Network Statistics table), /points/history and a test's receipt. */
export const pointsKeys = {
  all: ['points'] as const,
  /** One page of the Network Statistics table. */
  list: (pageNumber: number) => [...pointsKeys.all, 'list', { pageNumber }] as const,
  /** The speed history of every node choice. */
  histories: () => [...pointsKeys.all, 'history'] as const,
  history: (nodeId: string | null) => [...pointsKeys.histories(), { nodeId }] as const,
  receipt: (testId: string) => [...pointsKeys.all, 'receipt', testId] as const,
};

/** GET /speedtests/quota: the tests left today. */
export const speedtestKeys = {
  all: ['speedtests'] as const,
  quota: () => [...speedtestKeys.all, 'quota'] as const,
};

/** GET /nodes: the account's nodes, each with its Bytes this cycle. */
export const nodeKeys = {
  all: ['nodes'] as const,
};

/** GET /referrals-stats and /referrals-status. */
export const referralKeys = {
  all: ['referrals'] as const,
  campaign: () => [...referralKeys.all, 'campaign'] as const,
  status: (filter: object) => [...referralKeys.all, 'status', filter] as const,
};

/** GET /constants: the quests' rewards and links. */
export const questKeys = {
  all: ['quests'] as const,
  constants: () => [...questKeys.all, 'constants'] as const,
};

/**
 * The Account screen's reads (issue 29): the account itself (GET /account), its sessions, its
 * second factors (GET /account/two-factor: the web reads its authenticator app and recovery
 * codes left, never its count of passkeys, so a passkey's change refreshes `passkeys` alone)
 * and its passkeys.
 */
export const accountKeys = {
  all: ['account'] as const,
  overview: () => [...accountKeys.all, 'overview'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
  /** GET /notifications/preferences (issue 30): the Notifications section's matrix. */
  notificationPreferences: () => [...accountKeys.all, 'notification-preferences'] as const,
};

/**
 * GET /notifications (issue 30): the header bell's unread count and the list's pages. The live
 * stream writes the count; a notice read refreshes both.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (filter: object) => [...notificationKeys.pages(), filter] as const,
};

/**
 * The reads that show an account's Bytes as totals: its balance, the dashboard's earnings and
 * chart, the earnings per cycle, the ledger and the referral bonus. Every write that credits
 * Bytes (a test, the daily claim, a quest or milestone claim) refreshes them all, so no screen
 * shows the old figure until its cache goes stale. A test's own rows (the Network Statistics,
 * the nodes' Bytes, the history) change only with a test, which refreshes them as well.
 */
export const BYTES_READS = [
  profileKeys.all,
  dashboardKeys.all,
  earningsKeys.all,
  transactionKeys.all,
  referralKeys.campaign(),
] as const;

/** GET /explorer/* and /open-data: the public network explorer's figures, by period. */
export const explorerKeys = {
  all: ['explorer'] as const,
  summary: (period: string) => [...explorerKeys.all, 'summary', period] as const,
  cells: (period: string, resolution: number) =>
    [...explorerKeys.all, 'cells', period, resolution] as const,
  countries: (period: string) => [...explorerKeys.all, 'countries', period] as const,
  openData: () => [...explorerKeys.all, 'open-data'] as const,
};
