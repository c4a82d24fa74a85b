/**
 * "Chrome on Windows" from a user agent: what the Sessions list and the security mails name a
 * browser by (issue 29). A rough reading on purpose: enough for a person to recognise their
 * own browser, with nothing that fingerprints it (no versions).
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** What a user agent that names no browser nor system reads as (a mail says it in its language). */
export const UNKNOWN_BROWSER = 'Unknown browser';

/** The words that join the names, so a screen can say them in its language; English by default. */
export interface BrowserWords {
  onSystem(browser: string, system: string): string;
  unknown: string;
}

const ENGLISH_WORDS: BrowserWords = {
  onSystem: (browser, system) => `${browser} on ${system}`,
  unknown: UNKNOWN_BROWSER,
};

/** The browser and system a user agent names; "Unknown browser" when it names neither. */
export function browserNameOf(
  userAgent: string | null | undefined,
  words: BrowserWords = ENGLISH_WORDS,
): string {
  if (!userAgent) return words.unknown;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return words.onSystem(browser, system);
  return browser ?? system ?? words.unknown;
}
