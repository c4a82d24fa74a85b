/** The few command-line flags the benchmarks take: `--name value` or `--name=value`. */
import { parseArgs } from 'node:util';

export function flagsOf(names: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    strict: true,
    allowPositionals: true,
  });
  return values as Record<string, string | undefined>;
}

/** A positive whole number flag, or `fallback` when absent. */
export function countFlag(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const count = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(count) || count <= 0) {
    throw new Error(`expected a positive whole number, got ${value}`);
  }
  return count;
}

/** Runs a benchmark's main and exits non-zero with its message when it throws. */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
