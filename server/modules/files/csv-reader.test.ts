import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { tinyPng } from '../../test/uploads';
import { CsvSyntaxError, looksLikeText, parseCsv, readCsvUpload } from './csv-reader';

describe('parseCsv', () => {
  it('reads plain records with CRLF, LF or CR line ends', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
      { line: 4, cells: ['g', 'h'] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes, and counts lines', () => {
    const text = 'type,prompt\n"single","Pick, one ""wisely""\r\nplease"\r\nshort,"x"\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['type', 'prompt'] },
      { line: 2, cells: ['single', 'Pick, one "wisely"\nplease'] },
      { line: 4, cells: ['short', 'x'] },
    ]);
  });

  it('keeps empty fields, skips blank lines and a byte order mark', () => {
    expect(parseCsv('\uFEFFa,,c\n\n,\n"",x\n')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 3, cells: ['', ''] },
      { line: 4, cells: ['', 'x'] },
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a,b\nc,"open\nmore')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\nc,"open\nmore')).toThrow(/line 2/);
  });
});

describe('looksLikeText', () => {
  it('tells text from binary bytes', () => {
    expect(looksLikeText(Buffer.from('type,prompt\nlong,Écrivez ✓'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
    expect(looksLikeText(tinyPng())).toBe(false);
  });
});

describe('one set of rules for every CSV import', () => {
  it('reads a semicolon-separated file when its first line has semicolons and no comma', () => {
    expect(parseCsv('name;email\r\n"Rao; Asha";asha@x.test\r\nDev,Kumar;dev@x.test')).toEqual([
      { line: 1, cells: ['name', 'email'] },
      { line: 2, cells: ['Rao; Asha', 'asha@x.test'] },
      { line: 3, cells: ['Dev,Kumar', 'dev@x.test'] },
    ]);
  });

  it('keeps a quote inside an unquoted field, refuses text after a closing quote naming the line', () => {
    expect(parseCsv('a,5" screen\n')).toEqual([{ line: 1, cells: ['a', '5" screen'] }]);
    expect(() => parseCsv('a,b\n"x\ny"z,c\n')).toThrow(/Line 3 has text after the closing quote/);
    expect(parseCsv('a,"b"\r\n"",""')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['', ''] },
    ]);
  });

  it('turns an upload into records, or a 400 that says what is wrong', () => {
    const notCsv = () => new AppError('INVALID_FILE', 'Not a CSV file');
    expect(readCsvUpload(Buffer.from('\uFEFFemail\r\na@b.test\r\n'), notCsv)).toEqual([
      { line: 1, cells: ['email'] },
      { line: 2, cells: ['a@b.test'] },
    ]);
    const refusal = (bytes: Buffer) => {
      try {
        readCsvUpload(bytes, notCsv);
      } catch (error) {
        return { status: (error as AppError).status, message: (error as Error).message };
      }
      return null;
    };
    expect(refusal(tinyPng())).toEqual({ status: 400, message: 'Not a CSV file' });
    expect(refusal(Buffer.from([0x65, 0x6d, 0xe9, 0x0a]))).toEqual({
      status: 400,
      message: 'Please save the file as CSV UTF-8 and upload it again',
    });
    expect(refusal(Buffer.from('email\na@b.test\n"open\n'))).toEqual({
      status: 400,
      message: 'This CSV file cannot be read: A quoted field starting on line 3 is never closed.',
    });
  });
});
