// Query keys one feature reads and another refreshes: a test run on the Nodes screen adds a
// row to the dashboard's Network Statistics, and features do not import each other.

/** Every page of GET /points (the Network Statistics table); a page adds `{ pageNumber }`. */
export const NETWORK_STATISTICS_QUERY_KEY = ['dashboardStatistic'] as const;
