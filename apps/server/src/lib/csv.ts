/**
 * CSV text of the exports (RFC 4180): fields joined by commas, lines ended by
 * CRLF, a field quoted when it holds a comma, a quote or a line break, quotes
 * inside it doubled. Pure, so the escaping is tested apart from any stream.
 */

/** A cell's value as the rows hold it; null is an empty cell. */
export type CsvValue = string | number | boolean | null;

/**
 * What a spreadsheet reads as the start of a formula. A text cell starting
 * with one (a `details` value people can influence) is written with a leading
 * single quote, so opening the file shows the text instead of running it (the
 * OWASP advice on CSV injection). Tab and carriage return are on OWASP's list too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: numbers and booleans as they print, text neutralised when it
 * looks like a formula, then quoted when RFC 4180 asks for it. Only text is
 * neutralised: a negative number stays a number.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The lines of `rows` as picked by `columns`: each column's value is the row's
 * field of that name, so the file has the list's own field names and values.
 */
export function csvLines<Row, Column extends keyof Row & string>(
  columns: readonly Column[],
  rows: readonly Row[],
): string {
  return rows.map((row) => csvLine(columns.map((column) => row[column] as CsvValue))).join('');
}
