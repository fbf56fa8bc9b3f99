import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would run as a formula gets a leading ' so it is shown, not evaluated. */
const defuse = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * A whole CSV document (RFC 4180, written by csv-stringify): a header row, then one line per row, CRLF line
 * ends; a cell is quoted when it holds a comma, a quote or a line break, quotes doubled. Text cells are
 * defused against formulas; numbers and booleans are written as they are, empty cells for null.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows], {
    record_delimiter: 'windows',
    // csv-stringify quotes its own record delimiter (CRLF); a lone LF or CR in a cell needs quoting too.
    quoted_match: /[\r\n]/,
    cast: { string: defuse, boolean: (value) => String(value) },
  });
}

/** Sends a CSV as a download named `<name>-<YYYY-MM-DD>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
}

/** A one-decimal number for reports and exports. */
export const round1 = (value: number) => Math.round(value * 10) / 10;
