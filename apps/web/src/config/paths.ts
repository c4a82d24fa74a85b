/**
 * Every route path of the app (spec section 2), so links, redirects and the
 * router never spell a path twice. `href` builds a concrete URL for a route
 * with parameters.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: () => '/register' },
  verifyEmail: {
    path: '/verify-email/:token',
    href: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },

  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  nodes: { path: '/nodes', href: () => '/nodes' },
  referral: { path: '/referral', href: () => '/referral' },
  quests: { path: '/quests', href: () => '/quests' },
  transactionHistory: { path: '/transaction-history', href: () => '/transaction-history' },
  earnings: { path: '/earnings', href: () => '/earnings' },
  discordAuth: { path: '/discord-auth', href: () => '/discord-auth' },

  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
} as const;
