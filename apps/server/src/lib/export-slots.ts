/**
 * How many exports (the CSV lists, the person's data) an account has streaming
 * at once. Each export holds a database reader for as long as its client takes
 * to download, so the rate limit per address (a few a minute) is not enough: an
 * account spread over many addresses could keep many running. Counted per
 * process: with several servers an account may run this many on each.
 */
export const EXPORTS_PER_ACCOUNT = 2;

export class ExportSlots {
  private readonly running = new Map<number, number>();

  constructor(private readonly perAccount = EXPORTS_PER_ACCOUNT) {}

  /**
   * Takes one of the account's slots: the function that gives it back (calling
   * it again does nothing), or null when they are all taken.
   */
  take(accountId: number): (() => void) | null {
    const taken = this.running.get(accountId) ?? 0;
    if (taken >= this.perAccount) return null;
    this.running.set(accountId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    };
  }

  /** Exports running now, for the tests. */
  runningFor(accountId: number): number {
    return this.running.get(accountId) ?? 0;
  }
}
