import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { type Said, said } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';
import { plainText } from './html-text';
import type { DraftQuestion, ReadBank, SkippedQuestion } from './types';

/**
 * Moodle's Aiken format (question/format/aiken/format.php): a question's text, its options one to a line as
 * `A) text` or `A. text`, then `ANSWER: A`. Every question is single choice; there is no feedback, title or
 * category. Read as Moodle reads it, a little more kindly:
 *  - an option's label is any one letter (Latin A–Z as Moodle, also a–z or क, ख…), written `A)`, `A.` or `(A)`;
 *    after `)` the space may be left out (`A)text`, as Moodle allows), after `.` it may not (so "e.g." is text);
 *  - the question's text may run over several lines, until the first option; a blank line before any option
 *    ends a text that never got its options;
 *  - `ANSWER:` may be written in any case and names an option by its label.
 * A question that breaks the rules (no ANSWER line, an ANSWER naming no option, fewer than two options) is
 * skipped with the reason, and the reading goes on with the next one.
 */

const OPTION = /^(?:\((\p{L}\p{M}*)\)|(\p{L}\p{M}*)(?:\)|\.(?=\s)))\s*(.*)$/u;
const ANSWER = /^ANSWER\s*:\s*(.*)$/iu;
const LABEL = /^\(?(\p{L}\p{M}*)/u;
const MAX_OPTIONS = QUIZ_LIMITS.optionsPerQuestion;

/** A file's text as lines: a byte-order mark dropped, Windows and old Mac line ends made one. */
const linesOf = (text: string) => text.replace(/^\ufeff/, '').split(/\r\n?|\n/);

const optionOf = (line: string) => {
  const match = OPTION.exec(line);
  return match ? { label: match[1] ?? match[2], text: match[3] } : null;
};

/** An Aiken file, cheaply: a block that ends with `ANSWER: X` right under an option line. */
export function looksLikeAiken(text: string): boolean {
  let previous = '';
  for (const raw of linesOf(text)) {
    const line = raw.trim();
    if (line === '') continue;
    const answer = ANSWER.exec(line);
    if (answer && LABEL.test(answer[1]) && optionOf(previous)) return true;
    previous = line;
  }
  return false;
}

interface Open {
  line: number;
  prompt: string[];
  options: { label: string; text: string }[];
  /** A blank line came after the text, before any option. */
  paused: boolean;
}

export function readAiken(text: string): ReadBank {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedQuestion[] = [];
  let open: Open | null = null;
  /** Inside lines that belong to no question (reported once, at the first). */
  let stray = false;
  const ref = (line: number) => said('server.bank-import.ref.line', { line });
  const skip = (line: number, reason: Said) =>
    skipped.push({ ref: ref(line), sourceType: 'multichoice', title: '', reason });
  const unfinished = () => {
    if (open) skip(open.line, said('server.bank-text.aiken.unfinished'));
    open = null;
  };
  const strayAt = (line: number) => {
    if (!stray) skip(line, said('server.bank-text.aiken.noQuestion'));
    stray = true;
  };

  const lines = linesOf(text);
  for (let index = 0; index < lines.length; index += 1) {
    const number = index + 1;
    const line = lines[index].trim();
    if (line === '') {
      if (open && open.options.length === 0) open.paused = true;
      continue;
    }

    const answer = ANSWER.exec(line);
    if (answer) {
      const current: Open | null = open;
      open = null;
      if (!current) {
        strayAt(number);
        stray = false;
        continue;
      }
      const { options } = current;
      if (options.length < 2) {
        skip(current.line, said('server.bank-text.aiken.fewOptions'));
        continue;
      }
      if (options.length > MAX_OPTIONS) {
        skip(
          current.line,
          said('server.bank-import.skip.tooManyOptions', { count: options.length, max: MAX_OPTIONS }),
        );
        continue;
      }
      const named = LABEL.exec(answer[1])?.[1] ?? '';
      let right = options.findIndex((option) => option.label === named);
      if (right < 0) {
        const folded = named.toLocaleLowerCase();
        const alike = options.filter((option) => option.label.toLocaleLowerCase() === folded);
        right = alike.length === 1 ? options.indexOf(alike[0]) : -1;
      }
      if (named === '' || right < 0) {
        skip(current.line, said('server.bank-text.aiken.answerMissing', { answer: answer[1] }));
        continue;
      }
      questions.push({
        ref: ref(current.line),
        sourceType: 'multichoice',
        title: '',
        question: {
          type: 'single',
          prompt: plainText(current.prompt.join('\n')),
          options: options.map((option, at) => ({ text: plainText(option.text), correct: at === right })),
          marks: 1,
        },
        tags: [],
        images: [],
        notes: [],
      });
      continue;
    }

    const option = optionOf(line);
    if (option) {
      if (open) open.options.push(option);
      else strayAt(number);
      continue;
    }

    // A line of question text: the next question's first, unless it carries on the text before its options.
    stray = false;
    if (open && open.options.length === 0 && !open.paused) {
      open.prompt.push(line);
      continue;
    }
    unfinished();
    open = { line: number, prompt: [line], options: [], paused: false };
  }
  unfinished();

  if (questions.length === 0 && skipped.length === 0)
    throw new BankUnreadable(said('server.bank-import.noQuestions'));
  return { format: 'aiken', questions, skipped, files: new Map() };
}
