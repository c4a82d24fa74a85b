/** Markdown tables and verdicts shared by the benchmarks and RESULTS.md. */

/** A target's verdict; null when its figure could not be measured (a tool was missing). */
export const verdict = (met: boolean | null) =>
  met === null ? 'not measured' : met ? 'met' : 'NOT met';

export const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** `value` as a percentage, for shares of a baseline. */
export const percent = (value: number) => `${(value * 100).toFixed(0)} %`;

export const whole = (value: number) => Math.round(value).toLocaleString('en');

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// The web budgets' own, so a size reads the same in CI's bundle check and here.
export { kilobytes } from '@netpulse/web/e2e-budgets';

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface Target {
  name: string;
  met: boolean | null;
}

/** A benchmark's part of RESULTS.md: a heading, its figures, and notes. */
export interface Section {
  title: string;
  body: string;
  /** Each target with whether this run met it (null: not measured). */
  targets: Target[];
}

export function printSection(section: Section): void {
  console.log(`\n## ${section.title}\n\n${section.body}\n`);
  for (const target of section.targets) console.log(`- ${target.name}: ${verdict(target.met)}`);
}
