import type { ImportReport, QuestionInput } from '../../../common/contracts/quizzes';
import { questionSchema } from '../../../common/contracts/quizzes';
import type { Locale } from '../../../common/i18n/locales';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUIZ_CSV_COLUMNS,
  QUIZ_LIMITS,
  type QuestionType,
} from '../../../common/quizzes';
import { AppError, badRequest } from '../../http/errors';
import { speak } from '../../http/locale';
import { type Said, said } from '../../i18n/said';
import { readCsvUpload } from '../files/csv-reader';
import type { QuestionData } from './question-values';

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
export function questionFromRow(cells: string[], locale: Locale = 'en'): RowResult {
  // A reason names the CSV column to fix as the file does (its header is English), then says why in `locale`.
  const because = (column: string, text: Said | string) => `${column}: ${speak(locale, text)}`;
  if (cells.length > QUIZ_CSV_COLUMNS.length && cells.slice(QUIZ_CSV_COLUMNS.length).some((c) => c.trim())) {
    return {
      ok: false,
      reason: speak(
        locale,
        said('server.quizzes.csvRowColumns', {
          count: cells.length,
          expected: QUIZ_CSV_COLUMNS.length,
          header: EXPECTED_HEADER,
        }),
      ),
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
          reason: because('correct', said('server.quizzes.csvNotAnOption', { item, count: texts.length })),
        };
      }
      chosen.add(number);
    }
    input.options = texts.map((text, index) => ({ text, correct: chosen.has(index + 1) }));
  } else if (input.type === 'true_false') {
    const answer = correct.trim().toLowerCase();
    if (answer === 'true' || answer === 'false') input.trueFalseAnswer = answer === 'true';
    else if (answer !== '')
      return { ok: false, reason: because('correct', said('server.quizzes.csvTrueOrFalse')) };
  } else if (input.type === 'short') {
    input.acceptedAnswers = splitList(correct);
  }
  const parsed = questionSchema.safeParse(input);
  if (parsed.success) return { ok: true, question: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue.path[0];
  const column = field === undefined ? undefined : (COLUMN_OF[String(field)] ?? String(field));
  return { ok: false, reason: column ? because(column, issue.message) : speak(locale, issue.message) };
}

/**
 * Reads an uploaded CSV file: refuses a file that is not text or lacks the header row; answers the valid
 * questions in file order and a reason for every row that is not one.
 */
export function readQuestionsCsv(
  bytes: Buffer,
  locale: Locale = 'en',
): {
  questions: { line: number; question: QuestionData }[];
  rejected: ImportReport['rejected'];
} {
  const records = readCsvUpload(bytes, () => new AppError('INVALID_FILE', said('server.quizzes.notCsv')));
  const [header, ...rows] = records;
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  while (names.length > QUIZ_CSV_COLUMNS.length && names[names.length - 1] === '') names.pop();
  if (names.join(',') !== QUIZ_CSV_COLUMNS.join(',')) {
    throw badRequest(said('server.quizzes.csvHeader', { columns: EXPECTED_HEADER }));
  }
  if (rows.length === 0) throw badRequest(said('server.quizzes.csvNoQuestions'));
  const questions: { line: number; question: QuestionData }[] = [];
  const rejected: ImportReport['rejected'] = [];
  for (const row of rows) {
    // Spreadsheets save empty rows as ",,,,,,": nothing to import, nothing to report.
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    const result = questionFromRow(row.cells, locale);
    if (result.ok) questions.push({ line: row.line, question: result.question });
    else rejected.push({ row: row.line, reason: result.reason });
  }
  return { questions, rejected };
}

export const IMPORT_TOO_LARGE = said('server.quizzes.importTooLarge', {
  max: QUIZ_LIMITS.importMaxBytes / 1024 / 1024,
});
