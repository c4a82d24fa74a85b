/** Markdown tables and verdicts shared by the benchmarks and RESULTS.md. */

export const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

export const fixed = (value: number, digits = 1) => value.toFixed(digits);

export const whole = (value: number) => Math.round(value).toLocaleString('en');

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A benchmark's part of RESULTS.md: a heading, its figures, and notes. */
export interface Section {
  title: string;
  body: string;
  /** Each target with whether this run met it. */
  targets: { name: string; met: boolean }[];
}

export function printSection(section: Section): void {
  console.log(`\n## ${section.title}\n\n${section.body}\n`);
  for (const target of section.targets) console.log(`- ${target.name}: ${verdict(target.met)}`);
}
