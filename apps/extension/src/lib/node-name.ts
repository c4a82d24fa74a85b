/**
 * The name a new node registers with: the browser and the operating system,
 * as a person recognises them on the Nodes page ("Chrome on Linux"). Pure: the
 * worker passes its `navigator`, a test passes what it needs.
 */
import { NODE_NAME_MAX } from '@netpulse/shared';

/** The parts of `navigator` the name comes from (userAgentData is Chromium's, not in the DOM types). */
export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { brands?: readonly { brand: string }[]; platform?: string };
}

/** Brands that are not a browser: Chromium's own and its deliberately misspelled decoy. */
function isRealBrand(brand: string): boolean {
  return brand !== 'Chromium' && !/not.?a.?brand/i.test(brand);
}

// Order matters: Edge and Opera carry "Chrome" in their user agent, Chrome carries "Safari".
const BROWSERS_BY_AGENT: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS_BY_AGENT: readonly [RegExp, string][] = [
  [/CrOS/, 'ChromeOS'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

function browserOf(nav: NavigatorLike): string {
  const brands = nav.userAgentData?.brands ?? [];
  const brand = brands.map((entry) => entry.brand).find(isRealBrand);
  if (brand) return brand.replace(/^Google /, '').replace(/^Microsoft /, '');
  if (brands.length > 0) return 'Chromium';
  return firstMatch(nav.userAgent, BROWSERS_BY_AGENT) ?? 'Browser';
}

function systemOf(nav: NavigatorLike): string | undefined {
  const platform = nav.userAgentData?.platform;
  if (platform) return platform === 'Chrome OS' ? 'ChromeOS' : platform;
  return firstMatch(nav.userAgent, SYSTEMS_BY_AGENT);
}

/** "Chrome on Linux", "Edge on Windows", or only the browser when the system is unknown. */
export function nodeNameOf(nav: NavigatorLike): string {
  const browser = browserOf(nav);
  const system = systemOf(nav);
  const name = system ? `${browser} on ${system}` : browser;
  return name.slice(0, NODE_NAME_MAX);
}
