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
  /** After sign-up: the address the link went to, and a resend (docs/decisions/033). */
  checkInbox: { path: '/check-inbox', href: () => '/check-inbox' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },

  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  nodes: { path: '/nodes', href: () => '/nodes' },
  referral: { path: '/referral', href: () => '/referral' },
  quests: { path: '/quests', href: () => '/quests' },
  transactionHistory: { path: '/transaction-history', href: () => '/transaction-history' },
  earnings: { path: '/earnings', href: () => '/earnings' },
  discordAuth: { path: '/discord-auth', href: () => '/discord-auth' },
  /** The Account screen (issue 29), opened from the account menu, not the sidebar. */
  settings: { path: '/settings', href: () => '/settings' },
  /** The notices the header's bell counts (issue 30). */
  notifications: { path: '/notifications', href: () => '/notifications' },
  /** The links of an email change's two mails: public, since a mail may open in any browser. */
  emailChangeConfirm: { path: '/settings/email/confirm', href: () => '/settings/email/confirm' },
  emailChangeUndo: { path: '/settings/email/undo', href: () => '/settings/email/undo' },
  /** A notice mail's unsubscribe link (issue 30): public, its token is the proof. */
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },

  // The operator's console (docs/ARCHITECTURE.md section 8): admins only, a lazy part of the app.
  admin: { path: '/admin', href: () => '/admin' },
  adminUsers: { path: '/admin/users', href: () => '/admin/users' },
  adminUser: {
    path: '/admin/users/:userId',
    href: (userId: number) => `/admin/users/${userId}`,
  },
  adminInvites: { path: '/admin/invites', href: () => '/admin/invites' },
  adminCycles: { path: '/admin/cycles', href: () => '/admin/cycles' },
  adminReviews: { path: '/admin/reviews', href: () => '/admin/reviews' },
  adminFraud: { path: '/admin/fraud', href: () => '/admin/fraud' },
  adminAudit: { path: '/admin/audit', href: () => '/admin/audit' },
  adminAnnouncements: { path: '/admin/announcements', href: () => '/admin/announcements' },
  adminJobs: { path: '/admin/jobs', href: () => '/admin/jobs' },

  /** How to install the validator extension, signed in or not (docs/decisions/033). */
  install: { path: '/install', href: () => '/install' },
  /** The public network explorer (issue 31): figures by place and period, no sign-in. */
  explorer: { path: '/explorer', href: () => '/explorer' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
} as const;
