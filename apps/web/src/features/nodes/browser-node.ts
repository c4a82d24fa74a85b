import {
  NODE_NAME_MAX,
  type NetworkNode,
  type RegisteredNode,
  type RegisterNodeRequest,
} from '@netpulse/shared';
import { isApiError } from '@/lib/api-client';
import { intl as activeIntl, type PageFormatter } from '@/lib/i18n/active-locale';
import type { KeyValueStorage } from '@/lib/auth-store';

/**
 * The page's own node (issue 17): a test run on the Nodes screen belongs to a
 * `browser` node named after the browser and OS. Its id is kept in local
 * storage, one per browser profile, and it is registered the first time a test
 * runs here, never on a mere visit, so looking at the page uses none of the
 * account's node places.
 */
export const BROWSER_NODE_STORAGE_KEY = 'netpulse.browserNodeId';

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (userAgent: string, table: readonly [RegExp, string][], fallback: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? fallback;

/**
 * "Chrome on Linux (web)": the browser and OS of a user agent, marked as the page's node, in
 * the page's language (the name is kept as the node's name, which its owner may change).
 */
export function browserNodeName(userAgent: string, intl: PageFormatter = activeIntl()): string {
  const browser = firstMatch(
    userAgent,
    BROWSERS,
    intl.formatMessage({ id: 'nodes.unknownBrowser', defaultMessage: 'Browser' }),
  );
  const system = firstMatch(
    userAgent,
    SYSTEMS,
    intl.formatMessage({ id: 'nodes.unknownSystem', defaultMessage: 'an unknown system' }),
  );
  return intl
    .formatMessage(
      { id: 'nodes.browserNodeName', defaultMessage: '{browser} on {system} (web)' },
      { browser, system },
    )
    .slice(0, NODE_NAME_MAX);
}

export interface BrowserNodeDeps {
  storage: KeyValueStorage | undefined;
  userAgent: string;
  randomId: () => string;
  register: (body: RegisterNodeRequest) => Promise<RegisteredNode>;
}

function readId(storage: KeyValueStorage | undefined): string | null {
  try {
    return storage?.getItem(BROWSER_NODE_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function keepId(storage: KeyValueStorage | undefined, id: string) {
  try {
    storage?.setItem(BROWSER_NODE_STORAGE_KEY, id);
  } catch (error) {
    // Without storage the next test registers again under a new id; the test still runs.
    console.error('Local storage is unavailable.', error);
  }
}

/**
 * The id of this browser's node among the account's `nodes`, registering it when
 * it is not one of them yet. Logout empties local storage, so a browser node of
 * the account with this browser's name is taken up again rather than a new one
 * added. A stored id the server refuses (the node was removed, or it belongs to
 * the account that signed in here before) is replaced by a new one, once.
 */
export async function ensureBrowserNode(
  nodes: readonly NetworkNode[],
  deps: BrowserNodeDeps,
): Promise<string> {
  const stored = readId(deps.storage);
  if (stored && nodes.some((node) => node.id === stored)) return stored;

  const name = browserNodeName(deps.userAgent);
  if (!stored) {
    const known = nodes.find((node) => node.kind === 'browser' && node.name === name);
    if (known) {
      keepId(deps.storage, known.id);
      return known.id;
    }
  }

  const register = async (nodeId: string) => {
    const { node } = await deps.register({ nodeId, kind: 'browser', name });
    keepId(deps.storage, node.id);
    return node.id;
  };
  if (!stored) return register(deps.randomId());
  try {
    return await register(stored);
  } catch (error) {
    if (!isRefusedId(error)) throw error;
    return register(deps.randomId());
  }
}

/**
 * A 404 or 409 on registration: this id cannot be this account's node (any more).
 * The node limit is a 409 too; registering under a new id then meets it again and says so.
 */
function isRefusedId(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 409);
}
