/**
 * The ndt7 runs in progress in this process, each from its socket's admission
 * until its result is stored. Completing a test waits for its runs first, so a
 * client that completes the moment its socket closes never overtakes the write
 * of what the server measured (and one that completes mid-run waits for the end).
 */
export class MeasurementRuns {
  private readonly running = new Map<string, Set<Promise<unknown>>>();

  track(testId: string, run: Promise<unknown>): void {
    const runs = this.running.get(testId) ?? new Set();
    runs.add(run);
    this.running.set(testId, runs);
    const forget = () => {
      runs.delete(run);
      if (runs.size === 0 && this.running.get(testId) === runs) this.running.delete(testId);
    };
    run.then(forget, forget);
  }

  /** Resolves once every run of the test started so far has ended (failed ones too). */
  async settled(testId: string): Promise<void> {
    const runs = this.running.get(testId);
    if (runs) await Promise.allSettled([...runs]);
  }

  /** Resolves once every run in progress has ended, or after `timeoutMs`, whichever is first. */
  async allSettled(timeoutMs: number): Promise<void> {
    const runs = [...this.running.values()].flatMap((set) => [...set]);
    if (runs.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled(runs), timeout]);
    clearTimeout(timer);
  }
}
