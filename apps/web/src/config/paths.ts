/** A route without parameters: its address is its path. */
function fixed<Path extends string>(path: Path) {
  return { path, href: () => path };
}

/**
 * Every route path of the app (spec section 2), so links, redirects and the
 * router never spell a path twice. `href` builds a concrete URL for a route
 * with parameters.
 */
export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  register: fixed('/register'),
  verifyEmail: {
    path: '/verify-email/:token',
    href: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  },
  /** After sign-up: the address the link went to, and a resend (docs/decisions/033). */
  checkInbox: fixed('/check-inbox'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),

  dashboard: fixed('/dashboard'),
  nodes: fixed('/nodes'),
  referral: fixed('/referral'),
  quests: fixed('/quests'),
  transactionHistory: fixed('/transaction-history'),
  earnings: fixed('/earnings'),
  discordAuth: fixed('/discord-auth'),
  /** The Account screen (issue 29), opened from the account menu, not the sidebar. */
  settings: fixed('/settings'),
  /** The notices the header's bell counts (issue 30). */
  notifications: fixed('/notifications'),
  /** The links of an email change's two mails: public, since a mail may open in any browser. */
  emailChangeConfirm: fixed('/settings/email/confirm'),
  emailChangeUndo: fixed('/settings/email/undo'),
  /** A notice mail's unsubscribe link (issue 30): public, its token is the proof. */
  unsubscribe: fixed('/unsubscribe'),

  // The operator's console (docs/ARCHITECTURE.md section 8): admins only, a lazy part of the app.
  admin: fixed('/admin'),
  adminUsers: fixed('/admin/users'),
  adminUser: {
    path: '/admin/users/:userId',
    href: (userId: number) => `/admin/users/${userId}`,
  },
  adminInvites: fixed('/admin/invites'),
  adminCycles: fixed('/admin/cycles'),
  adminReviews: fixed('/admin/reviews'),
  adminFraud: fixed('/admin/fraud'),
  adminAudit: fixed('/admin/audit'),
  adminAnnouncements: fixed('/admin/announcements'),
  adminJobs: fixed('/admin/jobs'),

  /** How to install the validator extension, signed in or not (docs/decisions/033). */
  install: fixed('/install'),
  /** The public network explorer (issue 31): figures by place and period, no sign-in. */
  explorer: fixed('/explorer'),
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
} as const;
