/**
 * The web app ships each language's catalog in two parts. The first load (/login, the other
 * signed-out pages' frame, the form's validation and toasts) needs only `start`; every lazy
 * screen waits for `rest` before it renders (apps/web/src/app/router.tsx), which arrives
 * with the screen's own code. So /login does not download the console's texts.
 */
export type CatalogPart = 'start' | 'rest';

/** The key prefixes of the texts the first load shows. */
const START_PREFIXES = [
  'login.',
  'language.',
  'nav.',
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

export function catalogPartOf(id: string): CatalogPart {
  return START_PREFIXES.some((prefix) => id.startsWith(prefix)) ? 'start' : 'rest';
}

/** The messages of a catalog that belong to `part`. */
export function catalogPart<Message>(
  messages: Readonly<Record<string, Message>>,
  part: CatalogPart,
): Record<string, Message> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => catalogPartOf(id) === part));
}
