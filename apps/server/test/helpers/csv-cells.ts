/**
 * Reading a CSV export as the programs people open it with do: an RFC 4180
 * parser (csv-parse, not the server's code), and the splits a spreadsheet's
 * import can make, on `;` or tab as many locales do, or ignoring the quotes.
 */
import { parse } from 'csv-parse/sync';

/** The records of an RFC 4180 text: quoted fields, doubled quotes, CRLF after every record. */
export function parseCsv(text: string): string[][] {
  if (text.length > 0 && !text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  return parse(text, { record_delimiter: '\r\n' }) as string[][];
}

/**
 * Every cell a spreadsheet may make of `text`: the RFC's, then those of a
 * split on `;`, tab or `,` at every line break, with the quotes read loosely
 * and not at all. A quote such a split leaves at a cell's start is dropped, as
 * a reader that keeps it might show the rest.
 */
export function spreadsheetCells(text: string): string[] {
  const cells = parseCsv(text).flat();
  for (const delimiter of [';', '\t', ',']) {
    for (const quote of ['"', false] as const) {
      const records = parse(text, {
        delimiter,
        quote,
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
        relax_quotes: true,
      }) as string[][];
      cells.push(...records.flat().map((cell) => cell.replace(/^"/, '')));
    }
  }
  return cells;
}

/**
 * A cell a spreadsheet would run as a formula: one starting, after blanks, with
 * = + - @ or their full-width forms, unless it is a plain number (a negative
 * amount is a number, not a formula). A cell starting with a single quote is text.
 */
export function runsAsFormula(cell: string): boolean {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return false;
  return /^[\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(cell);
}
