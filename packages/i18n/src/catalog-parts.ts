/**
 * The web app ships each language's catalog in four parts. The first load (/login, the
 * signed-out pages' frame, the form's validation and toasts) needs only `start`; every lazy
 * screen waits for `rest` before it renders, the operator's console for `console` and the
 * public explorer for `explorer` (apps/web/src/app/router.tsx, admin-guard.tsx), each arriving
 * with the screen's own code. So /login carries no other screen's texts, a member's pages none
 * of the console's, and no page but the explorer the explorer's (its map, legend, columns).
 */
export type CatalogPart = 'start' | 'rest' | 'console' | 'explorer';

export const CATALOG_PARTS: readonly CatalogPart[] = ['start', 'rest', 'console', 'explorer'];

/** The parts a screen's own texts may have beside `rest`, by their key's first segment. */
const SCREEN_PARTS = ['console', 'explorer'] as const;

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
 * Texts under a first-load prefix that only something loaded with `rest` shows: the second step
 * of a two-factor login and why a passkey did not sign in (login-form.tsx and
 * passkey-sign-in-failure.ts load `rest` first), the other auth screens' toasts, and the parts
 * of the interface only the lazy screens use (each waits for `rest`: apps/web/src/app/router.tsx).
 */
const LATER_PREFIXES = [
  'login.twoFactor',
  'login.passkeyFailure',
  'authToasts.forgot',
  'authToasts.register',
  'authToasts.reset',
  'authToasts.verify',
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
];

/** The part of the web app's catalog a message belongs to; null for one it never shows. */
export function catalogPartOf(id: string): CatalogPart | null {
  if (NOT_IN_THE_WEB_APP.some((prefix) => id.startsWith(prefix))) return null;
  const first = START_PREFIXES.some((prefix) => id.startsWith(prefix));
  if (first && !LATER_PREFIXES.some((prefix) => id.startsWith(prefix))) return 'start';
  return SCREEN_PARTS.find((part) => id.startsWith(`${part}.`)) ?? 'rest';
}

/** The messages of a catalog that belong to `part`. */
export function catalogPart<Message>(
  messages: Readonly<Record<string, Message>>,
  part: CatalogPart,
): Record<string, Message> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => catalogPartOf(id) === part));
}
