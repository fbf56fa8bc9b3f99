import { describe, expect, it } from 'vitest';
import { type CsvCell, toCsv } from './csv';

/** One cell as an export writes it: the line under a one-column header, without its line end. */
const csvCell = (value: CsvCell) => toCsv(['h'], [[value]]).slice('h\r\n'.length, -'\r\n'.length);

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes a header and CRLF lines', () => {
    expect(toCsv(['A', 'B'], [[1, 'x']])).toBe('A,B\r\n1,x\r\n');
    expect(toCsv(['A', 'B', 'C'], [[true, null, false]])).toBe('A,B,C\r\ntrue,,false\r\n');
  });
});
