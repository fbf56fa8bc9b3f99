import type { ImportReport, QuestionInput } from '../../../common/contracts/quizzes';
import { questionSchema } from '../../../common/contracts/quizzes';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUIZ_CSV_COLUMNS,
  QUIZ_LIMITS,
  type QuestionType,
} from '../../../common/quizzes';
import { AppError, badRequest } from '../../http/errors';
import type { QuestionData } from './question-values';

/** One record of a CSV file and the line it starts on (1-based), for messages people can find. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF, LF or CR; a quoted field may hold commas,
 * line breaks and doubled quotes (""). A leading byte order mark is ignored. Lines with nothing on them are
 * skipped (but still counted); line breaks inside a quoted field become \n. Small and dependency-free: an import file is at most a few megabytes.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
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
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else if (char === '\r' || char === '\n') {
        // Line breaks in a text are kept as \n, whichever way the file ends its lines.
        if (char === '\r' && source[i + 1] === '\n') i += 1;
        line += 1;
        cell += '\n';
      } else cell += char;
      continue;
    }
    if (char === '"' && fieldStart) {
      quoted = true;
      quoteLine = line;
      fieldStart = false;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      fieldStart = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      // A quote inside an unquoted field is kept as written (lenient, as spreadsheets are).
      cell += char;
      fieldStart = false;
    }
  }
  if (quoted)
    throw new CsvSyntaxError(`A quoted field starting on line ${quoteLine} is never closed`, quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
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

const EXPECTED_HEADER = QUIZ_CSV_COLUMNS.join(', ');

/** CSV column names for the schema's fields, so a reason points at the column to fix. */
const COLUMN_OF: Record<string, string> = {
  type: 'type',
  prompt: 'prompt',
  options: 'options',
  trueFalseAnswer: 'correct',
  acceptedAnswers: 'correct',
  marks: 'marks',
  negativeMarks: 'negative_marks',
  explanation: 'explanation',
};

const splitList = (cell: string) =>
  cell
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** "single", "Single choice", "TRUE_FALSE", "true / false" all name a type. */
function typeOf(cell: string): string {
  const wanted = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  const byLabel = QUESTION_TYPES.find((type) => QUESTION_TYPE_LABELS[type].toLowerCase() === wanted);
  return byLabel ?? wanted.replace(/[\s/-]+/g, '_');
}

type RowResult = { ok: true; question: QuestionData } | { ok: false; reason: string };

/** One data row as a question, checked by the same schema as the form. */
export function questionFromRow(cells: string[]): RowResult {
  if (cells.length > QUIZ_CSV_COLUMNS.length && cells.slice(QUIZ_CSV_COLUMNS.length).some((c) => c.trim())) {
    return {
      ok: false,
      reason: `This row has ${cells.length} columns; expected ${QUIZ_CSV_COLUMNS.length} (${EXPECTED_HEADER})`,
    };
  }
  const [type, prompt, options, correct, marks, negativeMarks, explanation] = QUIZ_CSV_COLUMNS.map(
    (_column, index) => cells[index] ?? '',
  );
  const input: QuestionInput = {
    type: typeOf(type) as QuestionType,
    prompt,
    marks: marks.trim() === '' ? 1 : marks.trim(),
    negativeMarks: negativeMarks.trim() === '' ? 0 : negativeMarks.trim(),
    explanation: explanation.trim(),
  };
  if (input.type === 'single' || input.type === 'multiple') {
    const texts = splitList(options);
    const chosen = new Set<number>();
    for (const item of splitList(correct)) {
      const number = Number(item);
      if (!Number.isInteger(number) || number < 1 || number > texts.length) {
        return {
          ok: false,
          reason: `correct: "${item}" is not the number of an option (1 to ${texts.length})`,
        };
      }
      chosen.add(number);
    }
    input.options = texts.map((text, index) => ({ text, correct: chosen.has(index + 1) }));
  } else if (input.type === 'true_false') {
    const answer = correct.trim().toLowerCase();
    if (answer === 'true' || answer === 'false') input.trueFalseAnswer = answer === 'true';
    else if (answer !== '') return { ok: false, reason: 'correct: Please write true or false' };
  } else if (input.type === 'short') {
    input.acceptedAnswers = splitList(correct);
  }
  const parsed = questionSchema.safeParse(input);
  if (parsed.success) return { ok: true, question: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue.path[0];
  const column = field === undefined ? undefined : (COLUMN_OF[String(field)] ?? String(field));
  return { ok: false, reason: column ? `${column}: ${issue.message}` : issue.message };
}

/**
 * Reads an uploaded CSV file: refuses a file that is not text or lacks the header row; answers the valid
 * questions in file order and a reason for every row that is not one.
 */
export function readQuestionsCsv(bytes: Buffer): {
  questions: { line: number; question: QuestionData }[];
  rejected: ImportReport['rejected'];
} {
  if (!looksLikeText(bytes)) throw new AppError('INVALID_FILE', 'This file is not a CSV file.');
  let records: CsvRecord[];
  try {
    records = parseCsv(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(`This CSV file cannot be read: ${error.message}.`);
    throw error;
  }
  const [header, ...rows] = records;
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  while (names.length > QUIZ_CSV_COLUMNS.length && names[names.length - 1] === '') names.pop();
  if (names.join(',') !== QUIZ_CSV_COLUMNS.join(',')) {
    throw badRequest(`The first row must name the columns: ${EXPECTED_HEADER}.`);
  }
  if (rows.length === 0) throw badRequest('This CSV file has no questions under its header row.');
  const questions: { line: number; question: QuestionData }[] = [];
  const rejected: ImportReport['rejected'] = [];
  for (const row of rows) {
    // Spreadsheets save empty rows as ",,,,,,": nothing to import, nothing to report.
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    const result = questionFromRow(row.cells);
    if (result.ok) questions.push({ line: row.line, question: result.question });
    else rejected.push({ row: row.line, reason: result.reason });
  }
  return { questions, rejected };
}

export const IMPORT_TOO_LARGE = `The file is too large (at most ${QUIZ_LIMITS.importMaxBytes / 1024 / 1024} MB)`;
