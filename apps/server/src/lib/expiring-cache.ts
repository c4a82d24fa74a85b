/**
 * A bounded map whose entries lapse at a time given with each one. The time is
 * passed in (the app's clock), so tests that move the clock see entries lapse.
 * When full, the entry set longest ago makes room: a Map keeps insertion order,
 * so that is its first key.
 */
export class ExpiringCache<Key, Value> {
  readonly #entries = new Map<Key, { value: Value; expiresAtMs: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The value of `key` while it has not lapsed at `nowMs`. */
  get(key: Key, nowMs: number): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: Key, value: Value, expiresAtMs: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAtMs });
  }

  delete(key: Key): void {
    this.#entries.delete(key);
  }

  /**
   * Drops every entry lapsed at `nowMs` (a scan): `get` drops only the key it is asked for,
   * so a cache of large values calls this to hold no more than its live entries.
   */
  deleteLapsed(nowMs: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAtMs <= nowMs) this.#entries.delete(key);
    }
  }

  /** Drops every entry whose value matches (a scan: for rare events such as a ban). */
  deleteWhere(matches: (value: Value) => boolean): void {
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value)) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
