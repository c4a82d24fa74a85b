/**
 * A one-line progress bar on stderr, redrawn in place on a terminal and printed
 * every tenth otherwise, so logs of a non-interactive run stay short.
 */
const WIDTH = 30;

export class ProgressBar {
  private readonly startedAt = performance.now();
  private lastTenth = -1;

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  update(done: number, rows: number): void {
    const share = this.total === 0 ? 1 : Math.min(1, done / this.total);
    const seconds = (performance.now() - this.startedAt) / 1000;
    const filled = Math.round(share * WIDTH);
    const line =
      `${this.label} [${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ` +
      `${(share * 100).toFixed(0).padStart(3)}%  ${rows.toLocaleString('en')} rows  ${seconds.toFixed(1)} s`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}`);
      if (share === 1) process.stderr.write('\n');
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== this.lastTenth) {
      this.lastTenth = tenth;
      process.stderr.write(`${line}\n`);
    }
  }
}

/**
 * One line per step of a long run (`npm run bench`): which step of how many,
 * and the minutes so far, so whoever waits sees where the run is.
 */
export class StepProgress {
  private readonly startedAt = performance.now();
  private done = 0;

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  /** Announces the step that starts now. */
  step(name: string): void {
    this.done++;
    const minutes = (performance.now() - this.startedAt) / 60_000;
    process.stderr.write(
      `${this.label} step ${this.done}/${this.total}: ${name} (${minutes.toFixed(1)} min so far)\n`,
    );
  }
}
