/** Where the app is: the address's parts, and what the move that came here carried along. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` carried: the check-inbox screen's address, say. */
  state: unknown;
  /** New for every move, the same when the browser comes back to an entry: error boundaries reset on it. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** A list of addresses with one current: the browser's own, or one kept in memory. */
export interface History {
  readonly location: Location;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every move; returns what stops it. */
  listen(listener: (location: Location) => void): () => void;
}

/** The entry the browser keeps for an address: what `Location` adds to the address. */
interface EntryState {
  key: string;
  state: unknown;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** `to` (absolute, or relative to `from`) as a location's address parts. */
export function parsePath(to: string, from = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, new URL(from, 'http://app.invalid'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createPath({ pathname, search, hash }: Omit<Location, 'state' | 'key'>): string {
  return `${pathname}${search}${hash}`;
}

/** A history whose listeners hear each move it makes itself (the browser's adds its back and forward). */
function notifyingListeners() {
  const listeners = new Set<(location: Location) => void>();
  return {
    listen(listener: (location: Location) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(location: Location) {
      for (const listener of listeners) listener(location);
    },
  };
}

/** The browser's address bar and its back and forward buttons. */
export function createBrowserHistory(): History {
  const { listen, notify } = notifyingListeners();
  const read = (): Location => {
    const entry = window.history.state as Partial<EntryState> | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.state ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const move = (to: string, state: unknown, method: 'pushState' | 'replaceState') => {
    const entry: EntryState = { key: newKey(), state: state ?? null };
    const href = createPath(parsePath(to, createPath(location)));
    try {
      window.history[method](entry, '', href);
    } catch {
      // Safari refuses more than 100 history writes in 30 s: load the address instead.
      window.location[method === 'pushState' ? 'assign' : 'replace'](href);
      return;
    }
    location = read();
    notify(location);
  };
  window.addEventListener('popstate', () => {
    location = read();
    notify(location);
  });
  return {
    get location() {
      return location;
    },
    push: (to, state) => move(to, state, 'pushState'),
    replace: (to, state) => move(to, state, 'replaceState'),
    go: (delta) => window.history.go(delta),
    listen,
  };
}

/** An entry given to a memory history: an address, or a location's parts (tests give a state). */
export type InitialEntry = string | (Partial<Omit<Location, 'key'>> & { pathname: string });

/** A history kept in memory: the prerender's and the tests'. */
export function createMemoryHistory(initialEntries: readonly InitialEntry[] = ['/']): History {
  const { listen, notify } = notifyingListeners();
  const toLocation = (entry: InitialEntry, key: string): Location =>
    typeof entry === 'string'
      ? { ...parsePath(entry), state: null, key }
      : { search: '', hash: '', state: null, ...entry, key };
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((entry, index) =>
    toLocation(entry, index === 0 ? 'default' : newKey()),
  );
  let index = entries.length - 1;
  let location = entries[index] as Location;
  const show = (at: number) => {
    index = at;
    location = entries[index] as Location;
    notify(location);
  };
  const moveTo = (to: string, state: unknown): Location =>
    toLocation({ ...parsePath(to, createPath(location)), state: state ?? null }, newKey());
  return {
    get location() {
      return location;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, moveTo(to, state));
      show(index + 1);
    },
    replace(to, state) {
      entries[index] = moveTo(to, state);
      show(index);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next !== index) show(next);
    },
    listen,
  };
}
