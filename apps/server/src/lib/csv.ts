/**
 * CSV text of the exports (RFC 4180): fields joined by commas, lines ended by
 * CRLF, every text field quoted with its quotes doubled. Pure, so the escaping
 * is tested apart from any stream.
 */

/** A cell's value as the rows hold it; null is an empty cell. */
export type CsvValue = string | number | boolean | null;

/**
 * Where a spreadsheet may read a formula in text people can influence (a node's
 * name, a `details` value): at the start of the field, or just after a
 * character some spreadsheet or import dialog splits cells on (`;` in many
 * locales, `,`, tab, a line break), spaces allowed before the sign. The signs
 * are = + - @ and their full-width forms (＝ ＋ － ＠), which some spreadsheets
 * read as the ASCII ones. A single quote goes before each such sign (the OWASP
 * advice on CSV injection), so every cell a split could make starts as text.
 */
const FORMULA_SIGN = /(^|[;,\t\r\n])([ \t]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/** A field starting with a tab or carriage return is prefixed as well (OWASP's list). */
const LEADING_CONTROL = /^[\t\r]/;

/** `text` with a single quote before every place a formula could start. */
function neutralised(text: string): string {
  const signsQuoted = text.replace(FORMULA_SIGN, "$1'$2");
  return LEADING_CONTROL.test(signsQuoted) ? `'${signsQuoted}` : signsQuoted;
}

/**
 * One field: numbers and booleans as they print, text neutralised and always
 * quoted, so no separator inside it ever starts a cell of its own in a reader
 * that honours the quotes. Only text is neutralised: a negative number stays a
 * number.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

/** One record, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A column of an export as a person reads it in a spreadsheet (issue 27): a header in
 * words ("Download (Mbit/s)", not `download_mbps`) and the row's value under it.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** The header record of `columns`. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvLine(columns.map((column) => column.header));
}

/** The records of `rows`, one value per column, in the columns' order. */
export function csvLines<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
}
