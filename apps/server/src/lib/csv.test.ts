import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvLines } from './csv.ts';

describe('csvField', () => {
  it('writes plain text, numbers, booleans and null as they are', () => {
    expect(csvField('Speedtest')).toBe('Speedtest');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-1-1')).toBe("'-1-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Only at the start: a formula sign inside text is plain text.
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('csvLine and csvLines', () => {
  it('join fields by commas and end each record with CRLF', () => {
    expect(csvLine(['id', 'details'])).toBe('id,details\r\n');
    expect(csvLine([1, 'a,b', null])).toBe('1,"a,b",\r\n');
  });

  it('pick the named columns of each row in order', () => {
    const rows = [
      { id: 1, name: 'x', hidden: 'no' },
      { id: 2, name: '=y', hidden: 'no' },
    ];
    expect(csvLines(['name', 'id'], rows)).toBe("x,1\r\n'=y,2\r\n");
    expect(csvLines(['id'], [])).toBe('');
  });
});
