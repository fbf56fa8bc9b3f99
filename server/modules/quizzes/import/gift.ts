import type { QuestionInput } from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { type Said, said } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';
import { plainText, reduceHtml } from './html-text';
import type { BankImage, DraftQuestion, ReadBank, SkippedQuestion } from './types';

/**
 * Moodle's GIFT format (question/format/gift/format.php), read the way Moodle reads it: questions are separated by
 * blank lines; a line starting with // is a comment; `::title::` names a question; the first { … } block holds the
 * answers (mid-sentence, it becomes the "_____" of a missing-word question); `\~ \= \# \{ \} \: \n \\` are escapes;
 * `[html]`, `[moodle]`, `[plain]`, `[markdown]` give a text's format; `####` starts the general feedback;
 * `$CATEGORY: path` sets the category of the questions after it (kept as tags, with Moodle's `[tag:x]` comments).
 *
 * What Gurukul holds: `=` one right answer among `~` → single; `~%n%` weights → multiple (right = weight > 0);
 * `=` answers alone → short; `{}` → long; `{T}`/`{FALSE}` → true/false; an exact number → short; matching → one
 * single-choice question per pair. A number within a tolerance, a description, a broken block: skipped with why.
 */

type Format = 'moodle' | 'html' | 'plain' | 'markdown';
const FORMATS: ReadonlySet<string> = new Set<Format>(['moodle', 'html', 'plain', 'markdown']);

/**
 * Escaped control characters stand as Unicode noncharacters while the question's structure is read (Moodle uses
 * "&&058;"-style placeholders the same way); noncharacters are never text, so none is taken for one in the file.
 */
const PLACEHOLDER: Record<string, string> = {
  ':': '\ufdd0',
  '#': '\ufdd1',
  '=': '\ufdd2',
  '{': '\ufdd3',
  '}': '\ufdd4',
  '~': '\ufdd5',
  n: '\ufdd6',
};
const ESCAPED: Record<string, string> = {
  '\ufdd0': ':',
  '\ufdd1': '#',
  '\ufdd2': '=',
  '\ufdd3': '{',
  '\ufdd4': '}',
  '\ufdd5': '~',
  '\ufdd6': '\n',
};
/** `\\` is one backslash (then no escape); `\n` a line break; the others their character as text. */
const protect = (text: string) =>
  text.replace(/\\([\\:#={}~n])/g, (_, char: string) => (char === '\\' ? '\\' : PLACEHOLDER[char]));
const restore = (text: string) => text.replace(/[\ufdd0-\ufdd6]/g, (char) => ESCAPED[char]);

/** Moodle's answer weight: `%50%`, `%-100%`, `%33.3333%` (giftanswerweightregex). */
const WEIGHT = /^%-*\d{1,2}\.?\d*%/;
const TRUE_FALSE = new Set(['T', 'TRUE', 'F', 'FALSE']);
/** Text in the default (Moodle auto-)format that a browser would draw as HTML: a tag or an entity. */
const LOOKS_HTML = /<\/?\p{L}[\p{L}\p{N}]*(?:\s[^<>]*)?\/?>|&(?:#\d+|#x[\dA-Fa-f]+|\p{L}[\p{L}\p{N}]*);/u;
/** A sound or video the HTML plays (Moodle's media filter turns a link to a sound file into a player). */
const MEDIA =
  /<(?:audio|video|source|embed|object|iframe)\b|<a\s[^>]*href\s*=\s*["']?[^"'\s>]+\.(?:mp3|wav|ogg|oga|m4a|aac|flac|mp4|m4v|webm|ogv|mov|avi|flv)\b/i;
const MAX_OPTIONS = QUIZ_LIMITS.optionsPerQuestion;

/** A file's text as lines: a byte-order mark dropped, Windows and old Mac line ends made one. */
function linesOf(text: string): string[] {
  return text
    .replace(/^\ufeff/, '')
    .replace(/[\ufdd0-\ufdef]/g, '')
    .split(/\r\n?|\n/);
}

/** A GIFT file, cheaply: answer blocks, a `::title::` at a line start, or a `$CATEGORY:` line. */
export function looksLikeGift(text: string): boolean {
  return (
    /^[ \t]*\$CATEGORY:/m.test(text) ||
    /^[ \t]*::[^\n]*?::/m.test(text) ||
    /(?:^|[^\\])\{[ \t\r\n]*(?:\}|[=~#]|(?:TRUE|FALSE|T|F)[ \t]*[#}])/.test(text)
  );
}

interface Block {
  /** Trimmed lines that are not comments. */
  lines: string[];
  /** Their 1-based line numbers in the file. */
  numbers: number[];
  comments: string[];
}

/** The text of one answer, feedback or question, as Gurukul shows it. */
interface Shown {
  text: string;
  images: BankImage[];
  media: boolean;
  markdown: boolean;
}

/** A text's `[format]` prefix (parse_text_with_format); an unknown one stays part of the text. */
function withFormat(raw: string, fallback: Format): { format: Format; text: string } {
  const text = raw.trim();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    const name = end > 0 ? text.slice(1, end) : '';
    if (FORMATS.has(name)) return { format: name as Format, text: text.slice(end + 1) };
  }
  return { format: fallback, text };
}

function shown(raw: string, fallback: Format): Shown & { format: Format } {
  const { format, text: escaped } = withFormat(raw, fallback);
  const text = restore(escaped).trim();
  if (format === 'html' || (format === 'moodle' && LOOKS_HTML.test(text))) {
    // Moodle's own format keeps the writer's line breaks; HTML's are spaces.
    const reduced = reduceHtml(format === 'moodle' ? text.replace(/\n/g, '<br>') : text);
    return { format, text: reduced.text, images: reduced.images, media: MEDIA.test(text), markdown: false };
  }
  return {
    format,
    text: plainText(text),
    images: [],
    media: false,
    markdown: format === 'markdown' && text !== '',
  };
}

/** Moodle's category path as tags: `$course$/top/Unit 1/Week 2` → ["Unit 1", "Week 2"] (`//` is a slash). */
function categoryTags(path: string): string[] {
  const parts = path
    .replace(/\/\//g, '\ufdd7')
    .split('/')
    .map((part) => part.replace(/\ufdd7/g, '/').trim())
    .filter((part) => part !== '');
  if (parts.length > 0 && /^\$[^$]*\$$/.test(parts[0])) parts.shift();
  if (parts.length > 0 && parts[0] === 'top') parts.shift();
  return parts;
}

/** Moodle's `[tag:name]` in a question's comment lines (extract_idnumber_and_tags_from_comment). */
function commentTags(comments: string[]): string[] {
  const tags: string[] = [];
  for (const comment of comments)
    for (const match of comment.matchAll(/\[tag:((?:\\\]|[^\]<>`\p{Cc}])+)\]/gu)) {
      const tag = match[1].replace(/\\\]/g, ']').trim();
      if (tag !== '') tags.push(tag);
    }
  return tags;
}

/** One answer of a choice, short or numerical block: its weight, its text and its feedback after `#`. */
interface Answer {
  weight: number;
  body: string;
  feedback: string;
}

function weighed(answer: string, plainWeight: number, weightable = true): Answer {
  let body = answer.trim();
  let weight = plainWeight;
  if (weightable && WEIGHT.test(body)) {
    const end = body.indexOf('%', 1);
    const value = Number(body.slice(1, end));
    weight = Number.isFinite(value) ? value / 100 : 0;
    body = body.slice(end + 1);
  }
  const hash = body.indexOf('#');
  return hash < 0
    ? { weight, body: body.trim(), feedback: '' }
    : { weight, body: body.slice(0, hash).trim(), feedback: restore(body.slice(hash + 1)).trim() };
}

/** Splits on `separator`, dropping the empty piece before the first one (Moodle's explode and array_shift). */
function pieces(text: string, separator: string): string[] {
  const parts = text.split(separator);
  if (parts.length > 0 && parts[0].trim() === '') parts.shift();
  return parts;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What one block (a question) becomes. */
type Outcome =
  | { kind: 'questions'; questions: DraftQuestion[] }
  | { kind: 'skipped'; skipped: SkippedQuestion }
  | { kind: 'none' };

class NoteList {
  readonly list: Said[] = [];
  add(note: Said) {
    const same = (other: Said) =>
      other.key === note.key && JSON.stringify(other.values ?? {}) === JSON.stringify(note.values ?? {});
    if (!this.list.some(same)) this.list.push(note);
  }
  /** Notes for what a shown text could not bring along: its pictures' bytes, its sounds, its markdown. */
  from(text: Shown) {
    for (const image of text.images)
      this.add(said('server.bank-import.note.imageMissing', { name: image.name }));
    if (text.media) this.add(said('server.bank-import.note.mediaDropped'));
    if (text.markdown) this.add(said('server.bank-text.gift.markdown'));
  }
}

function readBlock(block: Block, tags: string[]): Outcome {
  const line = block.numbers[0];
  const ref = said('server.bank-import.ref.line', { line });
  let text = protect(block.lines.join('\n')).trim();
  let title = '';
  const skip = (sourceType: string, reason: Said): Outcome => ({
    kind: 'skipped',
    skipped: { ref, sourceType, title, reason },
  });

  if (text.startsWith('::')) {
    text = text.slice(2);
    const end = text.indexOf('::');
    if (end >= 0) {
      title = restore(text.slice(0, end)).replace(/\s+/g, ' ').trim();
      text = text.slice(end + 2).trim();
    }
  }

  const start = text.indexOf('{');
  const finish = text.indexOf('}');
  if (start < 0 && finish < 0) return skip('description', said('server.bank-import.skip.description'));
  const braces = { open: '{', close: '}' };
  // A second { before the first } also means the first block was never closed.
  const reopened = start >= 0 ? text.indexOf('{', start + 1) : -1;
  if (finish < 0 || (reopened >= 0 && reopened < finish))
    return skip('', said('server.bank-text.gift.unclosedBrace', braces));
  if (start < 0 || finish < start) return skip('', said('server.bank-text.gift.strayBrace', braces));
  const after = text.slice(finish + 1);
  if (after.includes('{') || after.includes('}'))
    return skip('', said('server.bank-text.gift.severalBlocks'));

  let answerText = text.slice(start + 1, finish).trim();
  // Answers at the very end are left out; in the middle of a sentence they are the blank to fill.
  const questionText = text.endsWith('}')
    ? text.slice(0, start) + text.slice(finish + 1)
    : `${text.slice(0, start)}_____${text.slice(finish + 1)}`;
  const feedbackAt = answerText.lastIndexOf('####');
  let generalFeedback = '';
  if (feedbackAt >= 0) {
    generalFeedback = answerText.slice(feedbackAt + 4);
    answerText = answerText.slice(0, feedbackAt).trim();
  }

  const notes = new NoteList();
  const prompt = shown(questionText, 'moodle');
  notes.from(prompt);
  const explanation = generalFeedback.trim() === '' ? null : shown(generalFeedback, prompt.format);
  if (explanation) notes.from(explanation);
  const base = { ref, title, tags, images: prompt.images };
  const question = (
    sourceType: string,
    input: Omit<QuestionInput, 'prompt' | 'marks' | 'explanation'>,
  ): Outcome => ({
    kind: 'questions',
    questions: [
      {
        ...base,
        sourceType,
        question: { prompt: prompt.text, marks: 1, explanation: explanation?.text ?? '', ...input },
        notes: notes.list,
      },
    ],
  });
  const answerShown = (body: string) => {
    const answer = shown(body, prompt.format);
    notes.from(answer);
    return answer.text;
  };

  // The type, decided in Moodle's order.
  if (answerText === '') return question('essay', { type: 'long' });

  if (answerText.startsWith('#')) {
    let numbers = answerText.slice(1);
    const wrong = numbers.indexOf('~');
    if (wrong >= 0) {
      const hash = numbers.indexOf('#', wrong);
      if (hash >= 0 && restore(numbers.slice(hash + 1)).trim() !== '')
        notes.add(said('server.bank-import.note.answerFeedback'));
      numbers = numbers.slice(0, wrong);
    }
    const answers = pieces(numbers, '=').map((answer) => weighed(answer, 1));
    if (answers.length === 0) return skip('numerical', said('server.bank-text.gift.noAnswer'));
    const exact: string[] = [];
    let within = false;
    for (const answer of answers) {
      if (answer.feedback !== '') notes.add(said('server.bank-import.note.answerFeedback'));
      const value = restore(answer.body).trim();
      if (value === '*') continue;
      // "3:2" is 3 give or take 2; "3.141..3.142" a range; a bare number must be met exactly.
      let number = value;
      let exactly = true;
      const range = value.indexOf('..');
      const colon = value.indexOf(':');
      const parts =
        range > 0
          ? [value.slice(0, range).trim(), value.slice(range + 2).trim()]
          : colon > 0
            ? [value.slice(0, colon).trim(), value.slice(colon + 1).trim()]
            : [value];
      const notNumber = parts.find((part) => !NUMBER.test(part));
      if (notNumber !== undefined)
        return skip('numerical', said('server.bank-text.gift.notNumber', { value: notNumber }));
      if (range > 0) [number, exactly] = [parts[0], Number(parts[0]) === Number(parts[1])];
      else if (colon > 0) [number, exactly] = [parts[0], Number(parts[1]) === 0];
      if (answer.weight >= 1) {
        if (!exactly) within = true;
        else if (!exact.includes(number)) exact.push(number);
      } else if (answer.weight !== 0) notes.add(said('server.bank-import.note.partialCredit'));
    }
    if (within) return skip('numerical', said('server.bank-import.skip.tolerance'));
    if (exact.length === 0) return skip('numerical', said('server.bank-import.skip.noCorrect'));
    for (const number of exact) notes.add(said('server.bank-text.gift.numberAsText', { number }));
    return question('numerical', { type: 'short', acceptedAnswers: exact });
  }

  if (answerText.includes('~')) {
    const single = answerText.includes('=');
    const answers = pieces(answerText.replace(/=/g, '~='), '~').map((raw) => {
      const trimmed = raw.trim();
      // An `=` answer is fully right, as in Moodle, whatever follows it.
      return trimmed.startsWith('=') ? weighed(trimmed.slice(1), 1, false) : weighed(trimmed, 0);
    });
    if (answers.length < 2) return skip('multichoice', said('server.bank-text.gift.fewAnswers'));
    if (answers.length > MAX_OPTIONS)
      return skip(
        'multichoice',
        said('server.bank-import.skip.tooManyOptions', { count: answers.length, max: MAX_OPTIONS }),
      );
    const right = (answer: Answer) => (single ? answer.weight >= 1 : answer.weight > 0);
    const rightCount = answers.filter(right).length;
    if (rightCount === 0) return skip('multichoice', said('server.bank-import.skip.noCorrect'));
    if (single && rightCount > 1) return skip('multichoice', said('server.bank-text.gift.severalRight'));
    if (answers.some((answer) => answer.weight < 0 || (answer.weight > 0 && answer.weight < 1)))
      notes.add(said('server.bank-import.note.partialCredit'));
    if (answers.some((answer) => answer.feedback !== ''))
      notes.add(said('server.bank-import.note.answerFeedback'));
    const options = answers.map((answer) => ({ text: answerShown(answer.body), correct: right(answer) }));
    return question('multichoice', { type: single ? 'single' : 'multiple', options });
  }

  if (answerText.includes('=') && answerText.includes('->')) {
    const pairs: { left: Shown; right: string }[] = [];
    for (const raw of pieces(answerText, '=')) {
      const arrow = raw.indexOf('->');
      if (arrow < 0) return skip('match', said('server.bank-text.gift.matchArrow', { arrow: '->' }));
      const left = shown(raw.slice(0, arrow), prompt.format);
      pairs.push({ left, right: restore(raw.slice(arrow + 2)).trim() });
    }
    if (pairs.length < 2) return skip('match', said('server.bank-text.gift.fewAnswers'));
    // Every right side is an option of every pair; a pair with no left side is only a wrong option.
    const choices = [...new Set(pairs.map((pair) => pair.right))];
    if (choices.length > MAX_OPTIONS)
      return skip(
        'match',
        said('server.bank-import.skip.tooManyOptions', { count: choices.length, max: MAX_OPTIONS }),
      );
    if (choices.length < 2) return skip('match', said('server.bank-text.gift.fewAnswers'));
    const asked = pairs.filter((pair) => pair.left.text !== '' || pair.left.images.length > 0);
    notes.add(said('server.bank-import.note.matchingSplit'));
    return {
      kind: 'questions',
      questions: asked.map((pair, index) => {
        const own = new NoteList();
        for (const note of notes.list) own.add(note);
        own.from(pair.left);
        return {
          ref,
          sourceType: 'match',
          title: title === '' ? '' : `${title} (${index + 1}/${asked.length})`,
          tags,
          images: [...prompt.images, ...pair.left.images],
          question: {
            type: 'single',
            prompt: [prompt.text, pair.left.text].filter((part) => part !== '').join('\n\n'),
            options: choices.map((choice) => ({ text: choice, correct: choice === pair.right })),
            marks: 1,
            explanation: explanation?.text ?? '',
          },
          notes: own.list,
        };
      }),
    };
  }

  const hash = answerText.indexOf('#');
  const trueFalse = hash > 0 ? answerText.slice(0, hash).trim() : answerText;
  if (TRUE_FALSE.has(trueFalse)) {
    const feedback =
      hash > 0
        ? restore(answerText.slice(hash + 1))
            .replace(/#/g, '')
            .trim()
        : '';
    if (feedback !== '') notes.add(said('server.bank-import.note.answerFeedback'));
    return question('truefalse', {
      type: 'true_false',
      trueFalseAnswer: trueFalse === 'T' || trueFalse === 'TRUE',
    });
  }

  const answers = pieces(answerText, '=').map((answer) => weighed(answer, 1));
  if (answers.length === 0) return skip('shortanswer', said('server.bank-text.gift.noAnswer'));
  const accepted: string[] = [];
  for (const answer of answers) {
    if (answer.feedback !== '') notes.add(said('server.bank-import.note.answerFeedback'));
    if (answer.weight === 1) {
      const value = answerShown(answer.body);
      if (value !== '' && !accepted.includes(value)) accepted.push(value);
    } else if (answer.weight !== 0) notes.add(said('server.bank-import.note.partialCredit'));
  }
  if (accepted.length === 0) return skip('shortanswer', said('server.bank-import.skip.noCorrect'));
  if (accepted.some((value) => value.includes('*'))) notes.add(said('server.bank-import.note.wildcard'));
  return question('shortanswer', { type: 'short', acceptedAnswers: accepted });
}

export function readGift(text: string): ReadBank {
  const questions: DraftQuestion[] = [];
  const skipped: SkippedQuestion[] = [];
  let category: string[] = [];

  const read = (block: Block) => {
    if (block.lines.length === 0) return;
    if (block.lines[0].startsWith('$CATEGORY:')) {
      category = categoryTags(restore(protect(block.lines[0].slice('$CATEGORY:'.length))));
      // Moodle takes the whole block as the path; a question written right under the line is read too.
      block.lines.shift();
      block.numbers.shift();
      if (block.lines.length === 0) return;
    }
    const tags = [...new Set([...category, ...commentTags(block.comments)])];
    const outcome = readBlock(block, tags);
    if (outcome.kind === 'questions') questions.push(...outcome.questions);
    else if (outcome.kind === 'skipped') skipped.push(outcome.skipped);
  };

  let block: Block = { lines: [], numbers: [], comments: [] };
  const lines = linesOf(text);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (line === '') {
      read(block);
      block = { lines: [], numbers: [], comments: [] };
    } else if (line.startsWith('//')) block.comments.push(line);
    else {
      block.lines.push(line);
      block.numbers.push(index + 1);
    }
  }
  read(block);

  if (questions.length === 0 && skipped.length === 0)
    throw new BankUnreadable(said('server.bank-import.noQuestions'));
  return { format: 'gift', questions, skipped, files: new Map() };
}
