/**
 * Why this tab was signed out, for /login to say (docs/decisions/033): today only a
 * ban, with the words the operator chose to show, or none. Kept in the tab's
 * session storage, so a reload of /login still says it; a login clears it.
 */
const NOTICE_KEY = 'netpulse:sign-out-notice';

export interface SignOutNotice {
  kind: 'banned';
  /** What the operator chose to tell the person, or null. */
  reason: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage can throw (privacy modes): the notice then lives only as long as the page.
    return undefined;
  }
}

let inMemory: string | null = null;

function write(value: string | null) {
  inMemory = value;
  try {
    if (value === null) storage()?.removeItem(NOTICE_KEY);
    else storage()?.setItem(NOTICE_KEY, value);
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((listener) => listener());
}

/** Remembers that the account was banned, for /login. */
export function rememberBan(reason: string | null): void {
  write(JSON.stringify({ kind: 'banned', reason } satisfies SignOutNotice));
}

export function clearSignOutNotice(): void {
  write(null);
}

/** The raw stored notice: a string, so `useSyncExternalStore` sees a stable snapshot. */
export function signOutNoticeSnapshot(): string | null {
  try {
    return storage()?.getItem(NOTICE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

/** The notice a snapshot holds, or null for none or anything unreadable. */
export function parseSignOutNotice(snapshot: string | null): SignOutNotice | null {
  if (!snapshot) return null;
  try {
    const value = JSON.parse(snapshot) as Partial<SignOutNotice>;
    if (value.kind !== 'banned') return null;
    return { kind: 'banned', reason: typeof value.reason === 'string' ? value.reason : null };
  } catch {
    return null;
  }
}

export function subscribeSignOutNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
