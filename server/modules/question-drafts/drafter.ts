import { createHash } from 'node:crypto';
import type { DraftDifficulty, DraftType, QuestionDraftContent } from '../../../common/question-drafts';
import { translate } from '../../http/locale';
import {
  type CourseText,
  type DraftPassage,
  nounsAmong,
  readCourseText,
  type TaughtSentence,
} from './course-text';
import { distractorsFor, type TermPool, termPoolOf } from './distractors';
import { type KeyTerm, keyTermsOf } from './key-terms';
import { standsAlone } from './teaching-sentences';
import { contentStems, jaccard, termKey } from './words';

/**
 * Drafts quiz questions from a course's own sentences, offline (issue 37, decision 080). Every draft keeps the
 * sentence that justifies its answer and the moment that sentence is said; wrong options are terms of the same
 * kind from elsewhere in the course, checked not to be right too. Pure: the caller reads the passages.
 */
export interface DraftRequest {
  /** The passages to draft from (a lesson's, or the whole course's). */
  passages: readonly DraftPassage[];
  /** The whole course, where wrong options and word frequencies come from (the passages when absent). */
  coursePassages?: readonly DraftPassage[];
  language: string;
  count: number;
  /** The quiz's questions as they read: no draft may repeat one. */
  existingPrompts?: readonly string[];
  /** Fingerprints never to offer again (offered before, accepted, rejected). */
  excluded?: ReadonlySet<string>;
  /** Sentences earlier runs for this quiz drafted from: a new run asks about other sentences. */
  usedSentences?: ReadonlySet<string>;
  /** "More like this": drafts from this sentence's passage, of this type, first. */
  like?: { sentence: string; type: DraftType };
}

const HINDI = (language: string) => language === 'hi';
const localeOf = (language: string) => (HINDI(language) ? 'hi' : 'en');
const BLANK = '_____';

/** The same question in any wording: its family, the answer's term and the sentence's words. */
export function fingerprintOf(
  type: DraftType,
  answerTerm: string,
  sentence: string,
  language: string,
): string {
  const family = type === 'true_false' || type === 'multiple' ? 'statement' : 'term';
  const stems = [...contentStems(sentence, language)].sort().join(' ');
  return createHash('sha256')
    .update(`${family}\n${termKey(answerTerm, language)}\n${stems}`)
    .digest('base64url')
    .slice(0, 22);
}

function difficultyOf(type: DraftType, term: KeyTerm | null, course: CourseText): DraftDifficulty {
  let score = { true_false: 0, single: 1, multiple: 1.5, short: 2 }[type];
  if (term) {
    const share = Math.max(...[...contentStems(term.text, course.language)].map(course.passageShare), 0);
    if (share >= 0.3) score -= 0.5;
    if (share <= 0.1) score += 0.5;
    if (term.kind === 'number') score += 0.5;
  }
  return score < 1 ? 'easy' : score < 2 ? 'medium' : 'hard';
}

/** A small seeded shuffle: the same drafts come out in the same order for the same text. */
function shuffled<T>(items: T[], seed: string): T[] {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** "a"/"an" before the blank would tell which option fits: it becomes "a(n)". */
const withBlank = (sentence: string, term: KeyTerm) =>
  sentence.slice(0, term.index).replace(/\b([Aa])n?\s+$/u, '$1(n) ') +
  BLANK +
  sentence.slice(term.index + term.text.length);

/** The sentence with another term in the answer's place, its "a"/"an" made to fit the new word. */
function swapped(sentence: string, term: KeyTerm, replacement: string): string {
  const before = sentence
    .slice(0, term.index)
    .replace(/\b([Aa])n?(\s+)$/u, (_match, a: string, space: string) =>
      /^[aeiou]/iu.test(replacement) ? `${a}n${space}` : `${a}${space}`,
    );
  return before + replacement + sentence.slice(term.index + term.text.length);
}

/** "This change from gas to liquid is called condensation." → "What is the change from gas to liquid called?" */
function definitionQuestion(sentence: string, term: KeyTerm, language: string): string | null {
  if (HINDI(language)) {
    const before = sentence.slice(0, term.index).trim();
    if (!/(?:को|\S)$/u.test(before) || before.length < 8) return null;
    return `${before} क्या ${sentence
      .slice(term.index + term.text.length)
      .replace(/[।.!\s]+$/u, '')
      .trim()}?`;
  }
  const match =
    /^(.+?)\s+(is|are|was|were)\s+(?:called|known\s+as|named|termed)\s+(?:an?\s+|the\s+)?$/iu.exec(
      sentence.slice(0, term.index),
    );
  if (!match?.[1]) return null;
  const after = sentence.slice(term.index + term.text.length).replace(/^[\s,]*|[.!\s]+$/gu, '');
  if (after && !/^(?:in|on|at|by|for|of|from|and)\b/i.test(after)) return null;
  const subject = (match[1] as string)
    .replace(/^(?:this|that)\s+/i, 'the ')
    .replace(/^(?:these|those)\s+/i, 'the ');
  const lead =
    /^\p{Lu}\p{Ll}/u.test(subject) && !/^[A-Z][a-z]+\s+[A-Z]/.test(subject)
      ? subject[0]?.toLowerCase() + subject.slice(1)
      : subject;
  const verb = (match[2] as string).toLowerCase();
  return `What ${verb} ${lead} called${after ? ` ${after}` : ''}?`;
}

/** The rest of the sentence says a word of the term again (in any form): a blank there would be no question. */
function givesItselfAway(sentence: string, term: KeyTerm, language: string): boolean {
  const rest = sentence.slice(0, term.index) + ' ' + sentence.slice(term.index + term.text.length);
  const restStems = contentStems(rest, language);
  return [...contentStems(term.text, language)].some((stem) => restStems.has(stem));
}

/** The term is one item of a list: a comma before it, or "and"/"or" with a comma earlier in the sentence. */
function inList(sentence: string, term: KeyTerm): boolean {
  const before = sentence.slice(0, term.index);
  const after = sentence.slice(term.index + term.text.length);
  const joinedBefore =
    /(?:,|\b(?:and|or)|\s(?:और|या|तथा|एवं))\s+(?:\S+\s+)?$/iu.test(before) && before.includes(',');
  const joinedAfter =
    /^\s*(?:,|(?:and|or|और|या|तथा|एवं)\s)/iu.test(after) && (after.includes(',') || before.includes(','));
  return joinedBefore || joinedAfter;
}

/** Accepted answers for a typed answer: as written, without its article, in lower case. */
function acceptedFor(term: KeyTerm): string[] {
  // Marking ignores case and spacing (normalizeShortAnswer): the term with and without its article is enough.
  const plain = term.text.replace(/^(?:an?|the)\s+/i, '');
  return [...new Set([plain, term.text])];
}

interface Candidate {
  content: QuestionDraftContent;
  /** Which sentence it is made from (one question per sentence unless the text runs out). */
  sentenceKey: string;
  stems: Set<string>;
}

class Drafting {
  readonly pool: TermPool;
  constructor(
    readonly course: CourseText,
    readonly request: DraftRequest,
  ) {
    this.pool = termPoolOf(course);
  }

  private base(
    sentence: TaughtSentence,
    type: DraftType,
    form: string,
    answerTerm: string,
    term: KeyTerm | null,
  ): Omit<QuestionDraftContent, 'prompt' | 'options' | 'trueFalseAnswer' | 'acceptedAnswers'> {
    const { passage } = sentence;
    return {
      type,
      form,
      sentence: sentence.text,
      passageText: passage.text,
      videoId: passage.videoId,
      videoSeconds: passage.videoId ? sentence.seconds : null,
      materialId: passage.materialId,
      page: passage.page,
      heading: passage.heading,
      difficulty: difficultyOf(type, term, this.course),
      answerTerm,
      fingerprint: fingerprintOf(type, answerTerm, sentence.text, this.course.language),
    };
  }

  /** Every question one sentence can give, best first. */
  fromSentence(sentence: TaughtSentence): QuestionDraftContent[] {
    if (!standsAlone(sentence)) return [];
    const { language } = this.course;
    const locale = localeOf(language);
    const terms = keyTermsOf(sentence.text, this.course).filter(
      (term) => term.kind !== 'term' || term.text.length >= 4,
    );
    const drafts: QuestionDraftContent[] = [];
    // A term the rest of the sentence says again gives itself away ("Through any two _____ … two of its points").
    const asked = terms.filter((term) => !givesItselfAway(sentence.text, term, language));
    for (const term of asked.slice(0, 2)) {
      // One of a list ("three sides, three corners and three angles"): another member of the course's lists may be
      // true too, so it is typed, never chosen or swapped.
      const listed = inList(sentence.text, term);
      const wrong = listed ? [] : distractorsFor(this.course, this.pool, sentence, term, 3);
      if (term.defined) {
        const prompt = definitionQuestion(sentence.text, term, language);
        if (prompt) {
          drafts.push({
            ...this.base(sentence, 'short', 'definition', term.text, term),
            prompt,
            options: [],
            trueFalseAnswer: null,
            acceptedAnswers: acceptedFor(term),
          });
        }
      }
      // A name's wrong options would be other kinds of names (a month against a person): typed, not chosen.
      if (wrong.length >= 2 && term.kind !== 'term' && term.kind !== 'name') {
        const options = shuffled(
          [{ text: term.text, correct: true }, ...wrong.map((text) => ({ text, correct: false }))],
          `${sentence.text}\n${term.text}`,
        );
        drafts.push({
          ...this.base(sentence, 'single', 'cloze', term.text, term),
          prompt: withBlank(sentence.text, term),
          options,
          trueFalseAnswer: null,
          acceptedAnswers: [],
        });
      }
      if (term.kind !== 'number' || term.unit) {
        drafts.push({
          ...this.base(sentence, 'short', 'fill_blank', term.text, term),
          prompt: translate(locale, 'server.question-drafts.fillBlank', {
            sentence: withBlank(sentence.text, term),
          }),
          options: [],
          trueFalseAnswer: null,
          acceptedAnswers: acceptedFor(term),
        });
      }
      const swap = wrong[0];
      if (swap && (term.kind === 'concept' || term.kind === 'number')) {
        const statement = swapped(sentence.text, term, swap);
        drafts.push({
          ...this.base(sentence, 'true_false', 'swap', term.text, term),
          prompt: statement,
          options: [],
          trueFalseAnswer: false,
          acceptedAnswers: [],
        });
      }
    }
    if (terms.length > 0) {
      drafts.push({
        ...this.base(sentence, 'true_false', 'statement', terms[0]?.text ?? '', terms[0] ?? null),
        prompt: sentence.text,
        options: [],
        trueFalseAnswer: true,
        acceptedAnswers: [],
      });
    }
    return drafts;
  }

  /** "Which of these statements are true?": two sentences of one passage as said, two with a term swapped. */
  fromPassage(sentences: TaughtSentence[]): QuestionDraftContent | null {
    const usable = sentences.filter(standsAlone);
    if (usable.length < 3) return null;
    const withSwaps = new Map<TaughtSentence, string>();
    for (const sentence of usable) {
      // Only a concept or a figure is swapped: another noun of the course makes nonsense, not a claim.
      const term = keyTermsOf(sentence.text, this.course).find(
        (found) => (found.kind === 'concept' || found.kind === 'number') && !inList(sentence.text, found),
      );
      const swap = term ? distractorsFor(this.course, this.pool, sentence, term, 1)[0] : undefined;
      if (term && swap) {
        withSwaps.set(sentence, swapped(sentence.text, term, swap));
      }
    }
    // The false ones from the sentences that have a swap, every other sentence a true one; then the rest.
    const falseOnes = [...withSwaps.entries()]
      .slice(0, Math.min(2, usable.length - 2))
      .map(([sentence, text]) => ({ sentence, text }));
    const trueOnes = usable
      .filter((sentence) => !falseOnes.some((wrong) => wrong.sentence === sentence))
      .slice(0, 2);
    const first = trueOnes[0];
    if (trueOnes.length < 2 || falseOnes.length < 1 || !first) return null;
    const locale = localeOf(this.course.language);
    const heading = first.passage.heading;
    const options = shuffled(
      [
        ...trueOnes.map((sentence) => ({ text: sentence.text, correct: true })),
        ...falseOnes.map((wrong) => ({ text: wrong.text, correct: false })),
      ],
      trueOnes.map((sentence) => sentence.text).join('\n'),
    );
    return {
      ...this.base(first, 'multiple', 'statements', heading || first.text, null),
      prompt: heading
        ? translate(locale, 'server.question-drafts.whichTrueAbout', { heading })
        : translate(locale, 'server.question-drafts.whichTrue'),
      sentence: [...trueOnes, ...falseOnes.map((wrong) => wrong.sentence)]
        .map((sentence) => sentence.text)
        .join(' '),
      options,
      trueFalseAnswer: null,
      acceptedAnswers: [],
      difficulty: 'medium',
    };
  }
}

/** The order types are taken in, so a run of drafts is a mix (most of them chosen, none of one kind only). */
const TYPE_TURNS: DraftType[] = [
  'single',
  'short',
  'true_false',
  'single',
  'multiple',
  'short',
  'true_false',
];

export async function draftQuestions(request: DraftRequest): Promise<QuestionDraftContent[]> {
  const passages = request.coursePassages ?? request.passages;
  const nouns = await nounsAmong(passages.map((passage) => passage.text));
  const course = readCourseText(passages, request.language, nouns);
  const drafting = new Drafting(course, request);
  const scope = new Set(request.passages.map((passage) => passage.id));
  const excluded = request.excluded ?? new Set<string>();
  const existing = (request.existingPrompts ?? []).map((prompt) => contentStems(prompt, course.language));
  const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  const existingWording = new Set((request.existingPrompts ?? []).map(squash));

  // Every candidate, per passage in the lesson's order.
  const perPassage = new Map<string, Candidate[]>();
  for (const passage of request.passages) perPassage.set(passage.id, []);
  for (const sentence of course.sentences) {
    if (!scope.has(sentence.passage.id)) continue;
    const list = perPassage.get(sentence.passage.id) as Candidate[];
    for (const content of drafting.fromSentence(sentence)) {
      list.push({
        content,
        sentenceKey: sentence.text,
        stems: contentStems(`${content.prompt} ${content.answerTerm}`, course.language),
      });
    }
  }
  for (const passage of request.passages) {
    const sentences = course.sentences.filter((sentence) => sentence.passage.id === passage.id);
    const content = drafting.fromPassage(sentences);
    if (content) {
      perPassage.get(passage.id)?.push({
        content,
        sentenceKey: `passage:${passage.id}`,
        stems: contentStems(content.options.map((option) => option.text).join(' '), course.language),
      });
    }
  }

  const chosen: Candidate[] = [];
  const usedSentences = new Set<string>();
  const earlier = request.usedSentences ?? new Set<string>();
  const answerKey = (candidate: Candidate) => termKey(candidate.content.answerTerm, course.language);
  // The same answer at most twice in a run ("point", "points", "point" …), and never a sentence asked before.
  const isDuplicate = (candidate: Candidate) =>
    excluded.has(candidate.content.fingerprint) ||
    earlier.has(candidate.content.sentence) ||
    (candidate.content.type !== 'multiple' &&
      chosen.filter((other) => answerKey(other) === answerKey(candidate)).length >= 2) ||
    chosen.some(
      (other) =>
        other.content.fingerprint === candidate.content.fingerprint ||
        (other.content.answerTerm === candidate.content.answerTerm &&
          other.sentenceKey === candidate.sentenceKey) ||
        jaccard(other.stems, candidate.stems) >= 0.6,
    ) ||
    existingWording.has(squash(candidate.content.prompt)) ||
    existing.some((stems) => jaccard(stems, candidate.stems) >= 0.6);

  const like = request.like;
  const likePassage = like
    ? course.sentences.find((sentence) => sentence.text === like.sentence)?.passage.id
    : undefined;
  const passageOrder = [...perPassage.keys()].sort(
    (a, b) => Number(b === likePassage) - Number(a === likePassage),
  );
  let turn = 0;
  // Rounds over the passages, one question each per round, so every slide that teaches a fact gets one
  // before any slide gets two; a sentence gives a second question only when nothing else is left.
  for (const allowReuse of [false, true]) {
    let progress = true;
    while (chosen.length < request.count && progress) {
      progress = false;
      for (const passageId of passageOrder) {
        if (chosen.length >= request.count) break;
        const candidates = perPassage.get(passageId) ?? [];
        const wantedType =
          like && passageId === likePassage ? like.type : TYPE_TURNS[turn % TYPE_TURNS.length];
        const usable = candidates.filter(
          (candidate) => (allowReuse || !usedSentences.has(candidate.sentenceKey)) && !isDuplicate(candidate),
        );
        // As many false statements as true ones, so "True" is no safe guess.
        const trueOnes = chosen.filter((candidate) => candidate.content.trueFalseAnswer === true).length;
        const falseOnes = chosen.filter((candidate) => candidate.content.trueFalseAnswer === false).length;
        const wantedAnswer = falseOnes <= trueOnes ? false : true;
        const pick =
          usable.find(
            (candidate) =>
              candidate.content.type === wantedType &&
              (wantedType !== 'true_false' || candidate.content.trueFalseAnswer === wantedAnswer),
          ) ??
          usable.find((candidate) => candidate.content.type === wantedType) ??
          usable[0];
        if (!pick) continue;
        chosen.push(pick);
        usedSentences.add(pick.sentenceKey);
        turn += 1;
        progress = true;
      }
    }
  }
  return chosen.map((candidate) => candidate.content);
}
