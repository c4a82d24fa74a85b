import { describe, expect, it } from 'vitest';
import { parseCsv, runsAsFormula, spreadsheetCells } from '../../test/helpers/csv-cells.ts';
import { csvField, csvHeader, csvLine, csvLines, type CsvColumn } from './csv.ts';

/** Text a spreadsheet would run, or split into a cell it would run, unless neutralised. */
const HOSTILE = [
  '=HYPERLINK("http://evil","x")',
  '+1+1',
  '-1-1',
  '@SUM(A1)',
  '\tcmd',
  '\r=1',
  ' =1+1',
  'a;=1+1',
  'a,=1+1',
  'a\t=1+1',
  'a\n=1+1',
  'a\r\n+1',
  'a; @SUM(A1)',
  'a;;=1',
  '=1;=2',
  '＝1+1',
  '＋1+1',
  '－1',
  '＠SUM(A1)',
  'a;＝1+1',
];

describe('csvField', () => {
  it('writes numbers, booleans and null as they are, and quotes all text', () => {
    expect(csvField('Speedtest')).toBe('"Speedtest"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
  });

  it('doubles quotes inside text (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('puts a single quote before a formula at the start, after a separator, or in full-width form', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1+1')).toBe(`"'+1+1"`);
    expect(csvField('-1-1')).toBe(`"'-1-1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvField('\r=1')).toBe(`"'\r'=1"`);
    expect(csvField('a;=1+1')).toBe(`"a;'=1+1"`);
    expect(csvField('a\t=1+1')).toBe(`"a\t'=1+1"`);
    expect(csvField('a\n =1+1')).toBe(`"a\n' =1+1"`);
    expect(csvField('＝1+1')).toBe(`"'＝1+1"`);
    expect(csvField('a;＠x')).toBe(`"a;'＠x"`);
    // A formula sign inside a word is plain text.
    expect(csvField('a=b')).toBe('"a=b"');
    expect(csvField('2026-03-10T12:00:00.000Z')).toBe('"2026-03-10T12:00:00.000Z"');
  });
});

describe('a file of hostile text, opened as spreadsheets open it', () => {
  // A negative number in the last column: numbers are not neutralised.
  type Row = { id: number; details: string; points: number };
  const columns: CsvColumn<Row>[] = [
    { header: 'ID', value: (row) => row.id },
    { header: 'Details', value: (row) => row.details },
    { header: 'Bytes', value: (row) => row.points },
  ];
  const file =
    csvHeader(columns) +
    csvLines(
      columns,
      HOSTILE.map((details, index) => ({ id: index, details, points: -index })),
    );

  it('reads back every value, neutralised, through an RFC 4180 parser', () => {
    const [header, ...records] = parseCsv(file);
    expect(header).toEqual(['ID', 'Details', 'Bytes']);
    expect(records).toHaveLength(HOSTILE.length);
    records.forEach(([id, details, points], index) => {
      expect(id).toBe(String(index));
      expect(points).toBe(String(-index));
      // The value, with a single quote before each place a formula could start.
      expect(details?.replaceAll("'", '')).toBe(HOSTILE[index]);
    });
  });

  it('leaves no cell that runs as a formula, however the spreadsheet splits the cells', () => {
    const cells = spreadsheetCells(file);
    expect(cells.length).toBeGreaterThan(HOSTILE.length * 8);
    expect(cells.filter(runsAsFormula)).toEqual([]);
    // The check can fail: quoted but not neutralised, each text (but the tab-led
    // word, on OWASP's list all the same) makes a cell that runs.
    const quotedOnly = (text: string) => `"${text.replaceAll('"', '""')}"\r\n`;
    for (const text of HOSTILE.filter((text) => text !== '\tcmd')) {
      const runs = spreadsheetCells(quotedOnly(text)).some(runsAsFormula);
      expect({ text, runs }).toEqual({ text, runs: true });
    }
  });
});

describe('csvLine, csvHeader and csvLines', () => {
  it('join fields by commas and end each record with CRLF', () => {
    expect(csvLine(['id', 'details'])).toBe('"id","details"\r\n');
    expect(csvLine([1, 'a,b', null])).toBe('1,"a,b",\r\n');
  });

  it('write each column’s header, then its value of each row, in the columns’ order', () => {
    const rows = [
      { id: 1, name: 'x', hidden: 'no' },
      { id: 2, name: '=y', hidden: 'no' },
    ];
    const columns: CsvColumn<(typeof rows)[number]>[] = [
      { header: 'Name', value: (row) => row.name },
      { header: 'ID', value: (row) => row.id },
    ];
    expect(csvHeader(columns)).toBe('"Name","ID"\r\n');
    expect(csvLines(columns, rows)).toBe(`"x",1\r\n"'=y",2\r\n`);
    expect(csvLines(columns, [])).toBe('');
  });
});
