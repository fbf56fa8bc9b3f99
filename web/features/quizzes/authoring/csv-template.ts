import { QUIZ_CSV_COLUMNS, type QuestionType } from '../../../../common/quizzes';

type CsvRow = Record<(typeof QUIZ_CSV_COLUMNS)[number], string>;

/** One example per question type, written the way the importer reads them ("|" separates list items). */
const EXAMPLES: Record<QuestionType, CsvRow> = {
  single: {
    type: 'single',
    prompt: 'How many sides does a hexagon have?',
    options: '5|6|8',
    correct: '2',
    marks: '1',
    negative_marks: '0',
    explanation: 'Hexa means six.',
  },
  multiple: {
    type: 'multiple',
    prompt: 'Which of these are prime numbers?',
    options: '2|3|4|9',
    correct: '1|2',
    marks: '2',
    negative_marks: '0.5',
    explanation: '4 and 9 have other divisors.',
  },
  true_false: {
    type: 'true_false',
    prompt: 'The angles of a triangle add up to 180 degrees.',
    options: '',
    correct: 'true',
    marks: '1',
    negative_marks: '0',
    explanation: 'True for every triangle on a flat plane.',
  },
  short: {
    type: 'short',
    prompt: 'What is the name of a polygon with four equal sides and four right angles?',
    options: '',
    correct: 'square|a square',
    marks: '1',
    negative_marks: '0',
    explanation: 'A rectangle with equal sides is a square.',
  },
  long: {
    type: 'long',
    prompt: 'Explain, in your own words, why the Pythagorean theorem holds.',
    options: '',
    correct: '',
    marks: '5',
    negative_marks: '0',
    explanation: 'Marked by hand.',
  },
  file: {
    type: 'file',
    prompt: 'Upload a photo of your construction of a regular hexagon.',
    options: '',
    correct: '',
    marks: '5',
    negative_marks: '0',
    explanation: 'Marked by hand.',
  },
};

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The import template: the header row and one example row per question type. */
export function quizCsvTemplate(): string {
  const lines = [
    QUIZ_CSV_COLUMNS.join(','),
    ...Object.values(EXAMPLES).map((row) => QUIZ_CSV_COLUMNS.map((column) => cell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
