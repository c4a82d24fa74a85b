export interface RetryOptions {
  /** Attempts after the first one. */
  retries: number;
  /** Wait before retry n is n times this (linear backoff). */
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task` until it succeeds or `retries` more attempts have failed; rejects with the last error. */
export async function retry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.retries) throw error;
      await sleep(options.delayMs * (attempt + 1));
    }
  }
}
