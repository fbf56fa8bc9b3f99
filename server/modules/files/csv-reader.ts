import { type AppError, badRequest } from '../../http/errors';
import { type Said, said } from '../../i18n/said';

// The one reader of uploaded CSV files (quiz questions, people to invite): the same rules everywhere, and a
// reason that names the line when a file cannot be read.

/** One record of a CSV file and the line it starts on (1-based), for messages people can find. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A file that is not valid CSV; `said` is the refusal people read (decision 070), naming the line. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly said: Said,
    readonly line: number,
  ) {
    super(said.english);
  }
}

/**
 * The field separator of a file: a comma, or a semicolon when the first line has semicolons and no comma (what
 * spreadsheets save in locales whose decimal mark is a comma).
 */
function delimiterOf(source: string): ',' | ';' {
  const firstLine = source.split(/\r\n|\n|\r/, 1)[0] ?? '';
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/**
 * RFC 4180 CSV: fields separated by commas (or semicolons, see delimiterOf), records by CRLF, LF or CR; a quoted
 * field may hold separators, line breaks and doubled quotes (""). A leading byte order mark is ignored. Lines
 * with nothing on them are skipped (but still counted); line breaks inside a quoted field become \n. Refused,
 * naming the line: a quoted field never closed, text after a field's closing quote. A quote inside an unquoted
 * field is kept as written (`5" screen`), as spreadsheets read it. Cells are not trimmed.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = delimiterOf(source);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let closed = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  let fieldStart = true;

  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    fieldStart = true;
    closed = false;
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          closed = true;
        }
      } else if (char === '\r' || char === '\n') {
        // Line breaks in a text are kept as \n, whichever way the file ends its lines.
        if (char === '\r' && source[i + 1] === '\n') i += 1;
        line += 1;
        cell += '\n';
      } else cell += char;
      continue;
    }
    if (char === delimiter) {
      cells.push(cell);
      cell = '';
      fieldStart = true;
      closed = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (closed) {
      throw new CsvSyntaxError(said('server.files.csvTextAfterQuote', { line }), line);
    } else if (char === '"' && fieldStart) {
      quoted = true;
      quoteLine = line;
      fieldStart = false;
    } else {
      cell += char;
      fieldStart = false;
    }
  }
  if (quoted)
    throw new CsvSyntaxError(said('server.files.csvQuoteNotClosed', { line: quoteLine }), quoteLine);
  if (cell !== '' || cells.length > 0 || closed) endRecord();
  return records;
}

/**
 * Whether bytes are text worth parsing: no NUL bytes and valid UTF-8. Binary files (images, spreadsheets
 * saved as .xlsx, PDFs) fail one or the other.
 */
export function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an uploaded CSV file. A binary file (NUL bytes) is refused with `notCsv` (each import says it in its own
 * words); text that is not UTF-8 is asked to be saved as CSV UTF-8; a syntax error is a 400 naming its line.
 */
export function readCsvUpload(bytes: Buffer, notCsv: () => AppError): CsvRecord[] {
  if (bytes.includes(0)) throw notCsv();
  if (!looksLikeText(bytes)) throw badRequest(said('server.files.saveAsCsvUtf8'));
  try {
    return parseCsv(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.said);
    throw error;
  }
}
