/**
 * The web app ships each language's catalog in parts. The first load (/login, the signed-out
 * pages' frame, the form's validation and toasts) needs only `start`; every lazy screen waits
 * for `rest` (the signed-in frame, the dashboard, the parts of the interface screens share)
 * and for its own part, if it has one, before it renders (apps/web/src/app/router.tsx,
 * admin-guard.tsx), each arriving with the screen's own code. So /login carries no other
 * screen's texts, /dashboard none of the settings', the quests' or the console's, and so on.
 */

export const CATALOG_PARTS = [
  'start',
  'rest',
  'console',
  'explorer',
  'account',
  'guest',
  'nodes',
  'quests',
  'referrals',
  'transactions',
  'notifications',
  'install',
  'legal',
] as const;

export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** A part of the catalog only some screens load (`SCREEN_PARTS`). */
export type ScreenPart = Exclude<CatalogPart, 'start' | 'rest'>;

/**
 * A screen's own texts, by the start of their keys: the screens that show them load the part
 * beside `rest`, so no other page carries them. A text two screens show stays in `rest`, or the
 * second screen loads the first one's part too: the console shows a member's ledger with the
 * transaction history's labels, so it loads `transactions` beside `console`.
 */
const SCREEN_PARTS: Readonly<Record<ScreenPart, readonly string[]>> = {
  console: ['console.'],
  explorer: ['explorer.'],
  // Settings, the links of an email change and the mails' unsubscribe page.
  account: ['settings.', 'emailChange.', 'unsubscribe.'],
  // The signed-out screens besides /login: sign-up, its mail, a forgotten password.
  guest: [
    'register.',
    'checkInbox.',
    'verify.',
    'resendVerification.',
    'forgot.',
    'reset.',
    'authToasts.forgot',
    'authToasts.register',
    'authToasts.reset',
    'authToasts.verify',
  ],
  nodes: ['nodes.', 'nodeMessages.', 'nodeScreenTexts.'],
  quests: ['quests.', 'questMessages.', 'questTitles.', 'questToasts.', 'referralMilestoneNames.'],
  referrals: ['referrals.'],
  transactions: ['transactions.'],
  notifications: ['notifications.'],
  install: ['install.'],
  legal: ['legal.'],
};

/** Texts under a screen's prefix that the signed-in frame shows on every page: the bell's. */
const SHOWN_BY_THE_FRAME = ['notifications.bell'];

/** The key prefixes of the texts the first load shows. */
const START_PREFIXES = [
  'login.',
  'language.',
  // The public pages' header link home; the signed-in layout's menus come with `rest`.
  'nav.home',
  'ui.',
  'validation.',
  'authToasts.',
  'genericToasts.',
  'limitMessages.',
  'captcha.',
  'bannedNotice.',
  'routeError.',
  'ads.',
];

/**
 * Texts under a first-load prefix that only something loaded later shows: the second step of a
 * two-factor login and why a passkey did not sign in (login-form.tsx and
 * passkey-sign-in-failure.ts load `rest` first), and the parts of the interface only the lazy
 * screens use (each waits for `rest`: apps/web/src/app/router.tsx). A screen's own part
 * (`SCREEN_PARTS`, the other auth screens' toasts among them) is chosen before `start`.
 */
const LATER_PREFIXES = [
  'login.twoFactor',
  'login.passkeyFailure',
  // The login form checks its two fields and the captcha; the other forms' rules are theirs.
  'validation.emailRequired',
  'validation.emailInvalid',
  'validation.username',
  'validation.newPassword',
  'validation.confirmPassword',
  'validation.passwordsMustMatch',
  'validation.inviteCode',
  'validation.privacyPolicy',
  'validation.token',
  'ui.confirmDialog',
  'ui.dataTable',
  'ui.errorState',
  'ui.missingValue',
  'ui.modal',
  'ui.pagination',
  'ui.selectAll',
  'ui.statCard',
];

/**
 * Texts the web app never shows itself: the mails, the popup's, and the server's answers,
 * which reach the page already in its language.
 */
const NOT_IN_THE_WEB_APP = [
  'mail.',
  'extension.',
  'serverMessages.',
  'serverMessageTemplates.',
  'pointsMessages.',
  'nodeMessageTemplates.',
  // The account's server answers (issue 29); its forms' own texts are `accountValidation.`.
  'accountMessages.',
  'twoFactorMessages.',
  'passkeyMessages.',
  'accountDataMessages.',
  'pushMessages.',
  // The console's fraud signals, which the server words in the request's language.
  'fraudSignals.',
];

/** The part of the web app's catalog a message belongs to; null for one it never shows. */
export function catalogPartOf(id: string): CatalogPart | null {
  if (NOT_IN_THE_WEB_APP.some((prefix) => id.startsWith(prefix))) return null;
  if (SHOWN_BY_THE_FRAME.some((prefix) => id.startsWith(prefix))) return 'rest';
  const screen = (Object.keys(SCREEN_PARTS) as ScreenPart[]).find((part) =>
    SCREEN_PARTS[part].some((prefix) => id.startsWith(prefix)),
  );
  if (screen) return screen;
  const first = START_PREFIXES.some((prefix) => id.startsWith(prefix));
  return first && !LATER_PREFIXES.some((prefix) => id.startsWith(prefix)) ? 'start' : 'rest';
}

/** The messages of a catalog that belong to `part`. */
export function catalogPart<Message>(
  messages: Readonly<Record<string, Message>>,
  part: CatalogPart,
): Record<string, Message> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => catalogPartOf(id) === part));
}
