/**
 * One statement for the same read wanted by many requests at once, since a
 * database round trip costs the server more than the read itself
 * (docs/decisions/006). `load(key)` queues its key, and the keys queued in the
 * same turn of the event loop are read by one statement (`readMany`) when the
 * turn ends; each caller gets the answer for its own key. A lone request waits
 * no longer than the rest of the current turn.
 *
 * No request can fail another (docs/decisions/010): when the statement of a
 * batch fails, each of its keys is read again alone, so only the request whose
 * key fails the read sees the error.
 */
export class BatchedRead<Key, Answer> {
  #queued: Waiting<Key, Answer>[] = [];

  /**
   * `readMany` answers the keys in the order given (one answer per key). At most
   * `maxKeys` go into one statement, so its parameters stay within bounds.
   */
  constructor(
    private readonly readMany: (keys: Key[]) => Promise<Answer[]>,
    private readonly maxKeys = 200,
  ) {}

  load(key: Key): Promise<Answer> {
    return new Promise((resolve, reject) => {
      if (this.#queued.length === 0) setImmediate(() => this.#flush());
      this.#queued.push({ key, resolve, reject });
    });
  }

  #flush(): void {
    const queued = this.#queued;
    this.#queued = [];
    for (let start = 0; start < queued.length; start += this.maxKeys) {
      void this.#answer(queued.slice(start, start + this.maxKeys));
    }
  }

  async #answer(batch: Waiting<Key, Answer>[]): Promise<void> {
    let answers: Answer[];
    try {
      answers = await this.readMany(batch.map((entry) => entry.key));
      if (answers.length !== batch.length) {
        throw new Error(`a batched read answered ${answers.length} of ${batch.length}`);
      }
    } catch (error) {
      const [lone] = batch;
      if (batch.length === 1 && lone) lone.reject(error);
      // Any one key may have failed the statement for all: each is read alone.
      else for (const entry of batch) void this.#answer([entry]);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(answers[index] as Answer));
  }
}

interface Waiting<Key, Answer> {
  key: Key;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/** One value per database handle (the app's, a test's), made on first use. */
export function perHandle<Handle extends object, Value>(
  make: (handle: Handle) => Value,
): (handle: Handle) => Value {
  const made = new WeakMap<Handle, Value>();
  return (handle) => {
    let value = made.get(handle);
    if (value === undefined) {
      value = make(handle);
      made.set(handle, value);
    }
    return value;
  };
}

/**
 * A PostgreSQL array literal, `{1,2,3}`, `{"2026-01-01T00:00:00.000Z",NULL}` or
 * `{"Kilo","daily:7:2026-03-10",NULL}`, for `${arrayLiteral(values)}::int[]`: a
 * batch's keys (or a group's rows) go in as one parameter each, however many
 * there are. Only whole numbers, times, null and text are accepted; text is
 * quoted with its `\` and `"` escaped, so nothing can break out of the literal.
 */
export function arrayLiteral(values: (number | Date | string | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (value instanceof Date) return `"${value.toISOString()}"`;
    if (typeof value === 'string') return `"${value.replace(/[\\"]/g, '\\$&')}"`;
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return String(value);
  });
  return `{${items.join(',')}}`;
}

/** The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
