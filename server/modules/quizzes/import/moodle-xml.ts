import type { QuestionInput } from '../../../../common/contracts/quizzes';
import type { MessageValues } from '../../../../common/i18n/catalog';
import { QUIZ_LIMITS, round2 } from '../../../../common/quizzes';
import type { ServerKey } from '../../../i18n/catalog';
import { type Said, said, type Text } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';
import { plainText, reduceHtml } from './html-text';
import type { BankImage, DraftQuestion, ReadBank } from './types';
import { childElements, firstChild, parseXml, textOf, type XmlElement } from './xml-tree';

/**
 * Moodle XML (Moodle's own question-bank export: <quiz> of <question type="…">) read into Gurukul questions.
 * Categories become tags of the questions after them; choice, true/false, short-answer, numerical (exact numbers),
 * essay and matching questions map (a matching question becomes one single-choice question per pair); cloze,
 * calculated, drag-and-drop and the other kinds Gurukul has no equivalent of are listed as skipped, with the reason.
 * Pictures the question text shows are taken from the base64 <file> elements beside it. Decision 076.
 */

const MAX_OPTIONS = QUIZ_LIMITS.optionsPerQuestion;
const PLUGINFILE = '@@PLUGINFILE@@';
/** Formats Moodle writes as text, not HTML; any other (html, moodle_auto_format, unknown) is HTML, as in Moodle. */
const TEXT_FORMATS = new Set(['plain_text', 'markdown', 'wiki_like']);
/** Sound and video: a player element, or a link to a media file (Moodle's media filter turns those into players). */
const MEDIA =
  /<(?:audio|video|iframe|object|embed)\b|<a\b[^>]*\bhref\s*=\s*["']?[^"'\s>]*\.(?:mp3|m4a|aac|oga|ogg|wav|flac|mp4|m4v|webm|ogv|mov|avi|flv|wmv|mpe?g)(?:[?#][^"'\s>]*)?(?:["'\s>]|$)/i;

type Place = 'prompt' | 'option' | 'explanation';

/** One question's notes and pictures while it is read; the bank's files are shared. */
class Reading {
  readonly notes: Said[] = [];
  readonly images: BankImage[] = [];
  private readonly noted = new Set<string>();

  constructor(
    readonly number: number,
    private readonly files: Map<string, Uint8Array>,
  ) {}

  note(key: ServerKey, values?: MessageValues) {
    const id = `${key} ${JSON.stringify(values ?? {})}`;
    if (this.noted.has(id)) return;
    this.noted.add(id);
    this.notes.push(said(key, values));
  }

  /** Keeps a picture's bytes under a name unique in the bank ("q3-diagram.png"), and shows it with the prompt. */
  show(path: string, bytes: Uint8Array, alt: string) {
    const base = `q${this.number}-${path.replace(/\//g, '-')}`;
    const dot = base.lastIndexOf('.');
    const [stem, extension] = dot > base.indexOf('-') ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let name = base;
    for (let n = 2; this.files.has(name) && !sameBytes(this.files.get(name)!, bytes); n += 1)
      name = `${stem}-${n}${extension}`;
    this.files.set(name, bytes);
    if (!this.images.some((image) => image.name === name)) this.images.push({ name, alt });
  }

  /** A reading that starts with this one's notes and pictures (a matching question's pairs). */
  fork(): Reading {
    const copy = new Reading(this.number, this.files);
    for (const note of this.notes) copy.note(note.key, note.values);
    copy.images.push(...this.images);
    return copy;
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

export function readMoodleXml(text: string): ReadBank {
  const bank: ReadBank = { format: 'moodle_xml', questions: [], skipped: [], files: new Map() };
  let categoryTags: string[] = [];
  let number = 0;
  // Each <question> is read as soon as it is complete and then let go (parseXml's eachTopChild): a bank of
  // 5,000 questions never sits whole in memory as a tree (bench/question-import.ts).
  const root = parseXml(text, (element, quiz) => {
    if (quiz.name !== 'quiz' || element.name !== 'question') return;
    const type = (element.attrs.type ?? '').trim();
    if (type === 'category') {
      const category = child(element, 'category');
      categoryTags = tagsOfCategory(child(category, 'text') ? textAt(category, 'text') : textOf(category));
      return;
    }
    number += 1;
    readQuestion(element, type, number, categoryTags, bank);
  });
  if (root.name !== 'quiz')
    throw new BankUnreadable(
      said('server.bank-moodle.notQuiz', { expected: '<quiz>', found: `<${root.name}>` }),
    );
  if (number === 0) throw new BankUnreadable(said('server.bank-import.noQuestions'));
  return bank;
}

/**
 * A category path as Moodle writes it ("$course$/top/Default for X/Algebra", a literal slash doubled) as tags:
 * the context ($course$, $module$…) and the "top" every bank has are no one's topic.
 */
function tagsOfCategory(path: string): string[] {
  const names = path
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((name) => name.replace(/\/\//g, '/').trim());
  if (names.length > 0 && /^\$\p{L}+\$$/u.test(names[0])) names.shift();
  if (names[0] === 'top') names.shift();
  return names.filter((name) => name !== '');
}

const child = (element: XmlElement | undefined, name: string) =>
  element ? firstChild(element, name) : undefined;

const children = (element: XmlElement | undefined, name: string) =>
  element ? childElements(element, name) : [];

/** The text of `element`'s child `name`, trimmed as Moodle trims it. */
const textAt = (element: XmlElement | undefined, name: string) => textOf(child(element, name)).trim();

const unique = <T>(items: T[]) => [...new Set(items)];

function fractionOf(answer: XmlElement): number {
  const fraction = Number(answer.attrs.fraction ?? 0);
  return Number.isFinite(fraction) ? fraction : 0;
}

const isFull = (fraction: number) => Math.abs(fraction - 100) < 1e-4;
const isPartial = (fraction: number) => fraction > 0 && !isFull(fraction);

interface Head {
  element: XmlElement;
  ref: Said;
  sourceType: string;
  title: string;
  tags: string[];
  /** The question text's format, which its answers and feedback default to. */
  format: string;
}

function readQuestion(
  element: XmlElement,
  sourceType: string,
  number: number,
  categoryTags: string[],
  bank: ReadBank,
) {
  const head: Head = {
    element,
    ref: said('server.bank-import.ref.question', { number }),
    sourceType,
    title: plainText(textAt(child(element, 'name'), 'text')),
    tags: unique([
      ...categoryTags,
      ...children(child(element, 'tags'), 'tag').map((tag) => textAt(tag, 'text')),
    ]).filter((tag) => tag !== ''),
    format: (child(element, 'questiontext')?.attrs.format ?? 'html').trim(),
  };
  const skip = (reason: Text) => bank.skipped.push({ ref: head.ref, sourceType, title: head.title, reason });
  const reading = () => new Reading(number, bank.files);
  const outcome = mapQuestion(head, reading);
  if ('skip' in outcome) skip(outcome.skip);
  else bank.questions.push(...outcome.drafts);
}

type Outcome = { skip: Text } | { drafts: DraftQuestion[] };

function mapQuestion(head: Head, reading: () => Reading): Outcome {
  switch (head.sourceType) {
    case 'multichoice':
      return multichoice(head, reading);
    case 'truefalse':
      return truefalse(head, reading);
    case 'shortanswer':
      return shortanswer(head, reading);
    case 'numerical':
      return numerical(head, reading);
    case 'essay':
      return essay(head, reading());
    case 'matching':
    case 'match':
      return matching(head, reading);
    case 'description':
      return { skip: said('server.bank-import.skip.description') };
    case 'random':
      return { skip: said('server.bank-import.skip.random') };
    default:
      return { skip: said('server.bank-import.skip.noEquivalent', { type: head.sourceType }) };
  }
}

const tooMany = (count: number): Outcome => ({
  skip: said('server.bank-import.skip.tooManyOptions', { count, max: MAX_OPTIONS }),
});
const noCorrect: Outcome = { skip: said('server.bank-import.skip.noCorrect') };

function multichoice(head: Head, reading: () => Reading): Outcome {
  const answers = childElements(head.element, 'answer');
  if (answers.length > MAX_OPTIONS) return tooMany(answers.length);
  const fractions = answers.map(fractionOf);
  // Moodle: <single> absent is single; "false", empty or 0 is multiple.
  const singleText = child(head.element, 'single') ? textAt(head.element, 'single') : 'true';
  const single = !['false', '', '0'].includes(singleText);
  let partial: boolean;
  if (single) {
    const full = fractions.filter(isFull).length;
    if (full === 0) return noCorrect;
    if (full > 1) return { skip: said('server.bank-moodle.skip.severalCorrect', { count: full }) };
    partial = fractions.some((fraction) => !isFull(fraction) && fraction !== 0);
  } else {
    const positive = fractions.filter((fraction) => fraction > 0);
    if (positive.length === 0) return noCorrect;
    partial =
      fractions.some((fraction) => fraction < 0) ||
      positive.some((fraction) => Math.abs(fraction - positive[0]) > 1e-4);
  }
  const read = reading();
  const prompt = readPrompt(head, read);
  const options = answers.map((answer, i) => ({
    text: readOption(answer, read, head.format),
    correct: single ? isFull(fractions[i]) : fractions[i] > 0,
  }));
  if (partial) read.note('server.bank-import.note.partialCredit');
  noteAnswerFeedback(answers, read);
  return draft(head, read, { type: single ? 'single' : 'multiple', prompt, options });
}

function truefalse(head: Head, reading: () => Reading): Outcome {
  const answers = childElements(head.element, 'answer');
  let answer: boolean | undefined;
  let unnamed = false;
  answers.forEach((element, i) => {
    let name = textAt(element, 'text').toLowerCase();
    // Moodle's own fallback for old files (localised answer texts): the first answer is "true".
    if (name !== 'true' && name !== 'false') {
      unnamed = true;
      name = i === 0 ? 'true' : 'false';
    }
    if (isFull(fractionOf(element))) answer = name === 'true';
  });
  if (answer === undefined) return noCorrect;
  const read = reading();
  const prompt = readPrompt(head, read);
  if (unnamed) read.note('server.bank-moodle.note.trueFalseOrder');
  noteAnswerFeedback(answers, read);
  return draft(head, read, { type: 'true_false', prompt, trueFalseAnswer: answer });
}

function shortanswer(head: Head, reading: () => Reading): Outcome {
  const answers = childElements(head.element, 'answer').map((element) => ({
    element,
    text: plainText(textAt(element, 'text')),
    fraction: fractionOf(element),
  }));
  const accepted = unique(answers.filter((a) => isFull(a.fraction) && a.text !== '').map((a) => a.text));
  if (accepted.length === 0) return noCorrect;
  const read = reading();
  const prompt = readPrompt(head, read);
  if (answers.some((a) => isPartial(a.fraction))) read.note('server.bank-import.note.partialCredit');
  // A * in a kept answer was a wildcard; one in an answer not kept (the usual "*" catch-all at 0 %) changes nothing.
  if (accepted.some((text) => text.includes('*'))) read.note('server.bank-import.note.wildcard');
  if (!['', '0'].includes(textAt(head.element, 'usecase')))
    read.note('server.bank-moodle.note.caseSensitive');
  noteAnswerFeedback(
    answers.map((a) => a.element),
    read,
  );
  return draft(head, read, { type: 'short', prompt, acceptedAnswers: accepted });
}

function numerical(head: Head, reading: () => Reading): Outcome {
  const units = children(child(head.element, 'units'), 'unit')
    .map((unit) => textAt(unit, 'unit_name'))
    .filter((name) => name !== '');
  if (units.length > 0) return { skip: said('server.bank-moodle.skip.units', { units: units.join(', ') }) };
  const answers = childElements(head.element, 'answer');
  const exact = answers.filter((answer) => {
    const text = textAt(answer, 'text');
    return isFull(fractionOf(answer)) && text !== '' && text !== '*';
  });
  if (exact.length === 0) return noCorrect;
  if (exact.some((answer) => Number(textAt(answer, 'tolerance') || 0) !== 0))
    return { skip: said('server.bank-import.skip.tolerance') };
  const read = reading();
  const prompt = readPrompt(head, read);
  if (answers.some((answer) => isPartial(fractionOf(answer))))
    read.note('server.bank-import.note.partialCredit');
  noteAnswerFeedback(answers, read);
  const accepted = unique(exact.map((answer) => textAt(answer, 'text')));
  return draft(head, read, { type: 'short', prompt, acceptedAnswers: accepted });
}

function essay(head: Head, read: Reading): Outcome {
  const attachments = Number(textAt(head.element, 'attachments') || 0);
  const inline = textAt(head.element, 'responseformat') !== 'noinline';
  const type = !inline && attachments !== 0 ? 'file' : 'long';
  const prompt = readPrompt(head, read);
  if (inline && attachments !== 0) read.note('server.bank-moodle.note.attachments');
  if (textAt(child(head.element, 'graderinfo'), 'text') !== '')
    read.note('server.bank-moodle.note.graderInfo');
  return draft(head, read, { type, prompt });
}

/** Each pair becomes a single-choice question: its item after the question text, every answer of the set to choose from. */
function matching(head: Head, reading: () => Reading): Outcome {
  const pairs = childElements(head.element, 'subquestion').map((element) => ({
    element,
    text: textAt(element, 'text'),
    answer: plainText(textAt(child(element, 'answer'), 'text')),
  }));
  const real = pairs.filter((pair) => pair.text !== '');
  if (real.length === 0 || real.some((pair) => pair.answer === '')) return noCorrect;
  // Distractors (an answer with no item) are choices too.
  const choices = unique(pairs.map((pair) => pair.answer).filter((answer) => answer !== ''));
  if (choices.length > MAX_OPTIONS) return tooMany(choices.length);
  const read = reading();
  const main = readPrompt(head, read);
  const marks = Math.max(0.01, round2(marksOf(head.element, read) / real.length));
  const explanation = readExplanation(head, read);
  noteHints(head.element, read);
  read.note('server.bank-import.note.matchingSplit');
  const drafts = real.map((pair, i) => {
    const part = read.fork();
    const item = readRich(pair.element, part, 'prompt', head.format).text;
    return {
      ref: said('server.bank-moodle.ref.pair', { number: read.number, pair: i + 1 }),
      sourceType: head.sourceType,
      title: head.title,
      question: {
        type: 'single' as const,
        prompt: [main, item].filter((text) => text !== '').join('\n\n'),
        options: choices.map((text) => ({ text, correct: text === pair.answer })),
        marks,
        negativeMarks: 0,
        explanation,
      },
      tags: head.tags,
      images: part.images,
      notes: part.notes,
    };
  });
  return { drafts };
}

/** The draft with what every type shares: marks, explanation, tags, pictures and notes. */
function draft(
  head: Head,
  read: Reading,
  question: Pick<QuestionInput, 'type' | 'prompt'> & Partial<QuestionInput>,
): Outcome {
  const marks = marksOf(head.element, read);
  const explanation = readExplanation(head, read);
  noteHints(head.element, read);
  return {
    drafts: [
      {
        ref: head.ref,
        sourceType: head.sourceType,
        title: head.title,
        question: { options: [], acceptedAnswers: [], ...question, marks, negativeMarks: 0, explanation },
        tags: head.tags,
        images: read.images,
        notes: read.notes,
      },
    ],
  };
}

/** <defaultgrade>, 1 when absent; a question must be worth something in Gurukul. */
function marksOf(element: XmlElement, read: Reading): number {
  const text = textAt(element, 'defaultgrade');
  if (text === '') return 1;
  const marks = Number(text);
  if (!Number.isFinite(marks) || marks <= 0) {
    read.note('server.bank-moodle.note.zeroMarks');
    return 1;
  }
  return Math.max(0.01, round2(marks));
}

function noteAnswerFeedback(answers: XmlElement[], read: Reading) {
  if (answers.some((answer) => textAt(child(answer, 'feedback'), 'text') !== ''))
    read.note('server.bank-import.note.answerFeedback');
}

function noteHints(element: XmlElement, read: Reading) {
  if (childElements(element, 'hint').some((hint) => textAt(hint, 'text') !== ''))
    read.note('server.bank-moodle.note.hints');
}

/** The question text, with the picture of Moodle 1.9's <image>/<image_base64> when the file has one. */
function readPrompt(head: Head, read: Reading): string {
  const { text } = readRich(child(head.element, 'questiontext'), read, 'prompt', 'html');
  const oldImage = textAt(head.element, 'image');
  if (oldImage !== '') {
    const bytes = decodeBase64(textAt(head.element, 'image_base64'));
    if (bytes) read.show(oldImage.replace(/\//g, '_'), bytes, '');
    else if (isLinked(oldImage)) read.note('server.bank-moodle.note.linkedImage', { name: oldImage });
    else read.note('server.bank-import.note.imageMissing', { name: oldImage });
  }
  return text;
}

const readExplanation = (head: Head, read: Reading) =>
  readRich(child(head.element, 'generalfeedback'), read, 'explanation', head.format).text;

/**
 * An answer's text as an option: its words, else its pictures' descriptions (an answer that is only a flag), else
 * its pictures' names, so the teacher sees which answer it was.
 */
function readOption(answer: XmlElement, read: Reading, format: string): string {
  const { text, alts, names } = readRich(answer, read, 'option', format);
  return text || alts.join(', ') || names.join(', ');
}

/**
 * A Moodle text field (an element with format="…", a <text> and its <file>s) as plain text. Pictures of the prompt
 * are kept; pictures elsewhere are noted as not kept; sound and video are noted as dropped.
 */
function readRich(
  field: XmlElement | undefined,
  read: Reading,
  place: Place,
  defaultFormat: string,
): { text: string; alts: string[]; names: string[] } {
  const format = (field?.attrs.format ?? defaultFormat).trim();
  const raw = textAt(field, 'text');
  if (!field || raw === '') return { text: '', alts: [], names: [] };
  if (TEXT_FORMATS.has(format)) return { text: plainText(raw), alts: [], names: [] };
  if (MEDIA.test(raw)) read.note('server.bank-import.note.mediaDropped');
  // moodle_auto_format is shown with its line breaks kept.
  const reduced = reduceHtml(format === 'moodle_auto_format' ? raw.replace(/\r\n?|\n/g, '<br>') : raw);
  const alts: string[] = [];
  const names: string[] = [];
  for (const { name: src, alt } of reduced.images) {
    const path = src.startsWith(PLUGINFILE) ? pluginPath(src) : undefined;
    const name = path ?? shortSource(src);
    if (alt !== '') alts.push(alt);
    names.push(name);
    if (place === 'option') read.note('server.bank-moodle.note.optionImage', { name });
    else if (place === 'explanation') read.note('server.bank-moodle.note.explanationImage', { name });
    else if (path !== undefined) {
      const bytes = fileBytes(field, path);
      if (bytes) read.show(path, bytes, alt);
      else read.note('server.bank-import.note.imageMissing', { name });
    } else if (src.startsWith('data:')) {
      const inline = dataImage(src);
      if (inline) read.show(`image.${inline.extension}`, inline.bytes, alt);
      else read.note('server.bank-import.note.imageMissing', { name });
    } else if (isLinked(src)) read.note('server.bank-moodle.note.linkedImage', { name });
    else read.note('server.bank-import.note.imageMissing', { name });
  }
  return { text: reduced.text, alts, names };
}

const isLinked = (src: string) => /^(?:https?:)?\/\//i.test(src);

/** "@@PLUGINFILE@@/my%20diagram.png?time=1" → "my diagram.png" (Moodle writes the names URL-encoded). */
function pluginPath(src: string): string {
  const path = src
    .slice(PLUGINFILE.length)
    .replace(/[?#].*$/s, '')
    .replace(/^\/+/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A name fit for a note: a data URI by its type, a long address cut short. */
function shortSource(src: string): string {
  if (src.startsWith('data:')) return src.slice(0, Math.max(5, src.search(/[;,]/)));
  return src.length > 200 ? `${src.slice(0, 199)}…` : src;
}

/** The bytes of the <file> of `field` at `path` ("diagram.png", or "sub/diagram.png" with path="/sub/"). */
function fileBytes(field: XmlElement, path: string): Uint8Array | undefined {
  for (const file of childElements(field, 'file')) {
    const folder = (file.attrs.path ?? '/').replace(/^\/+/, '');
    if (`${folder}${file.attrs.name ?? ''}` !== path) continue;
    if ((file.attrs.encoding ?? 'base64').trim() !== 'base64') return undefined;
    return decodeBase64(textOf(file));
  }
  return undefined;
}

function decodeBase64(text: string): Uint8Array | undefined {
  if (text.trim() === '') return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 ? bytes : undefined;
}

function dataImage(src: string): { bytes: Uint8Array; extension: string } | undefined {
  const match = /^data:image\/([^;,]+);base64,(.*)$/is.exec(src);
  if (!match) return undefined;
  const bytes = decodeBase64(match[2]);
  if (!bytes) return undefined;
  const type = match[1].toLowerCase();
  return { bytes, extension: type === 'jpeg' ? 'jpg' : type === 'svg+xml' ? 'svg' : type };
}
