/**
 * The server's failed answers per UTC hour, kept in memory for the console's
 * overview: 5xx and 4xx counted apart, for the last 7 days (168 hours), older
 * hours dropped as new ones start. A ring of fixed arrays, so counting a failed
 * answer allocates nothing. Per process: several servers each count their own,
 * and a restart starts from zero (the long view is Prometheus's, from /metrics).
 */

const HOUR_MS = 3_600_000;

/** How many hours are kept: 7 days. */
export const ERROR_HOURS = 168;

/** One UTC hour's failed answers. */
export interface HourErrors {
  /** The hour's start, as an ISO time (`2026-03-10T12:00:00.000Z`). */
  hour: string;
  /** Answers with a status of 500 or more. */
  serverErrors: number;
  /** Answers with a status from 400 to 499. */
  clientErrors: number;
}

export class ErrorsPerHour {
  /** The hour (since the epoch) each slot counts, or -1 while unused. */
  readonly #hourOf = new Float64Array(ERROR_HOURS).fill(-1);
  readonly #server = new Uint32Array(ERROR_HOURS);
  readonly #client = new Uint32Array(ERROR_HOURS);

  /** Counts an answer of `status` sent at `at`; below 400 it is no error and counts nothing. */
  record(status: number, at: Date): void {
    if (status < 400) return;
    const hour = Math.floor(at.getTime() / HOUR_MS);
    const slot = hour % ERROR_HOURS;
    if (this.#hourOf[slot] !== hour) {
      // The slot last counted an hour 7 days or more ago (or none): it starts again.
      this.#hourOf[slot] = hour;
      this.#server[slot] = 0;
      this.#client[slot] = 0;
    }
    if (status >= 500) this.#server[slot] = (this.#server[slot] ?? 0) + 1;
    else this.#client[slot] = (this.#client[slot] ?? 0) + 1;
  }

  /**
   * The last 168 UTC hours up to the one holding `now`, oldest first, every hour
   * present (an hour without errors counts zeros).
   */
  hours(now: Date): HourErrors[] {
    const current = Math.floor(now.getTime() / HOUR_MS);
    const hours: HourErrors[] = [];
    for (let hour = current - ERROR_HOURS + 1; hour <= current; hour++) {
      const slot = hour % ERROR_HOURS;
      const counted = this.#hourOf[slot] === hour;
      hours.push({
        hour: new Date(hour * HOUR_MS).toISOString(),
        serverErrors: counted ? (this.#server[slot] ?? 0) : 0,
        clientErrors: counted ? (this.#client[slot] ?? 0) : 0,
      });
    }
    return hours;
  }
}
