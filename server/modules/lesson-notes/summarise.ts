import { createHash } from 'node:crypto';
import type { GlossaryEntry, SummaryLine } from '../../../common/contracts/lesson-notes';
import { LESSON_NOTES_LIMITS } from '../../../common/contracts/lesson-notes';
import { lemmatizerOf } from '../../providers/llm/lemmas';
import { synsetOffsets } from '../gurus/lexicon/wordnet';
import {
  type CourseText,
  type DraftPassage,
  readCourseText,
  type TaughtSentence,
} from '../question-drafts/course-text';
import { type KeyTerm, keyTermsOf } from '../question-drafts/key-terms';
import { standsAlone } from '../question-drafts/teaching-sentences';
import { jaccard, termKey } from '../question-drafts/words';

/**
 * A lesson's summary and glossary drafted from its own sentences, offline (issue 37, item 3). Pure: the caller
 * reads the passages (source.ts) and the nouns (nounsAmong).
 *
 * - Summary: extractive. Each sentence that stands alone is scored by what it teaches (a term it defines, a
 *   heading's concept, a figure) and by how central it is (how much it shares with the lesson's other
 *   sentences); the best 3–7 (by the lesson's length), at most two per slide and no two saying the same, kept
 *   in the lesson's order with the second each is said at.
 * - Glossary: the lesson's key terms — terms it defines first, then its headings' concepts, then nouns few of
 *   its passages use — each with the sentence that explains it (the defining one when there is one) and its
 *   second; 5–15 of them when the lesson has that many, sorted as the course's language sorts.
 */
export interface LessonNotesDraft {
  summary: SummaryLine[];
  glossary: GlossaryEntry[];
}

/** Bumped when the drafting changes, so notes drafted the old way are drafted again (hash below). */
const NOTES_VERSION = 2;
const SUMMARY_MIN = 3;
const SUMMARY_MAX = 7;
const GLOSSARY_MAX = 15;
/** Nouns that only tell a slide apart fill the glossary up to this many terms, no further. */
const GLOSSARY_WITH_NOUNS = 12;
const GLOSSARY_MIN = 5;
/** "This change … is called condensation": the word after a determiner points back, it is not a term. */
const DETERMINER = new Set(['this', 'that', 'these', 'those', 'यह', 'वह', 'इस', 'उस', 'ये', 'वे']);
/** A heading of two things ("Snow and ice", "अरुण और वरुण") names no one term. */
/** Nouns that count or frame rather than name ("thousands of years", "मुख्य रूप से"). */
const NOT_TERMS = new Set([
  'thousands',
  'hundreds',
  'millions',
  'billions',
  'lots',
  'kinds',
  'types',
  'रूप',
  'तरह',
  'प्रकार',
  'बार',
  'समय',
]);
const JOINED = /\s(?:and|or|और|या|एवं|तथा)\s/iu;
/** Sentences per summary sentence: a 35-sentence lesson gets 7. */
const SENTENCES_PER_LINE = 5;

/** What the notes are drafted from, as a hash: when it changes, the notes are drafted again. */
export function lessonTextHash(passages: readonly DraftPassage[], language: string): string {
  const text = passages.map((passage) => [
    passage.heading,
    passage.text,
    passage.startSeconds,
    passage.endSeconds,
  ]);
  return createHash('sha256')
    .update(JSON.stringify({ version: NOTES_VERSION, language, text }))
    .digest('base64url');
}

/** "… an invisible gas called water vapour and rises": a term named by "called" after a noun, not "is called". */
const NAMED_CALLED =
  /\b(?:called|known\s+as)\s+(?:an?\s+|the\s+)?([\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*(?:\s+[\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*){0,1}?)(?=\s*(?:[,;:.!?)]|$|\s(?:and|or|which|that|because|when|where|in|on|at|by|for|of|from)\b))/iu;

const COUNT_WORDS = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|many|some|all|both|each)\s+/iu;

/** A glossary entry as a dictionary writes it: no count before it, an English noun in the singular ("Points" → "Point"). */
function asEntry(text: string): string {
  const plain = text.replace(COUNT_WORDS, '');
  const words = plain.split(/\s+/u);
  const last = words.at(-1) ?? '';
  if (!/^\p{Script=Latin}+$/u.test(last) || last !== last.toLowerCase()) return plain;
  const singular = lemmatizerOf().noun(last);
  return [...words.slice(0, -1), singular].join(' ');
}

const capitalised = (text: string) => (text ? text[0]?.toLocaleUpperCase() + text.slice(1) : text);
const ARTICLE = /^(?:an?|the)\s+/i;

interface Scored {
  sentence: TaughtSentence;
  order: number;
  score: number;
  terms: KeyTerm[];
}

function termsOf(sentence: TaughtSentence, course: CourseText): KeyTerm[] {
  const terms = keyTermsOf(sentence.text, {
    language: course.language,
    headings: course.headings,
    passageShare: course.passageShare,
    nouns: course.nouns,
  });
  if (terms.some((term) => term.defined)) return terms;
  // "tiny pores in their leaves called stomata": a definition too, which key-terms.ts leaves to "is called".
  const named = NAMED_CALLED.exec(sentence.text);
  const text = named?.[1]?.replace(ARTICLE, '').trim();
  if (!named || !text) return terms;
  const index = sentence.text.indexOf(text, named.index);
  const key = termKey(text, course.language);
  return [
    { text, kind: 'concept', index, defined: true, unit: '', value: null },
    ...terms.filter((term) => termKey(term.text, course.language) !== key),
  ];
}

/** Scores every sentence of the lesson: what it teaches, and how much of the lesson it speaks for. */
function scoreSentences(course: CourseText): Scored[] {
  const all = course.sentences;
  return all.map((sentence, order) => {
    const terms = termsOf(sentence, course);
    let score = 0;
    if (terms.some((term) => term.defined)) score += 3;
    if (terms.some((term) => term.kind === 'concept' && !term.defined)) score += 1.5;
    if (terms.some((term) => term.kind === 'number' && term.unit)) score += 0.75;
    if (sentence.position === 0) score += 0.5;
    const others = all.filter((other) => other !== sentence);
    const centrality =
      others.length > 0
        ? others.reduce((sum, other) => sum + jaccard(sentence.stems, other.stems), 0) / others.length
        : 0;
    score += centrality * 20;
    return { sentence, order, score, terms };
  });
}

/** A worked sum ("6 plus 4 plus 6 plus 4, which is 20"): three figures or more say how, not what. */
const workedSum = (text: string) => (text.match(/\p{N}+(?:[.,]\p{N}+)?/gu) ?? []).length >= 3;

function summaryOf(scored: readonly Scored[]): SummaryLine[] {
  const candidates = scored.filter(({ sentence }) => standsAlone(sentence) && !workedSum(sentence.text));
  const wanted = Math.max(SUMMARY_MIN, Math.min(SUMMARY_MAX, Math.round(scored.length / SENTENCES_PER_LINE)));
  const chosen: Scored[] = [];
  const perPassage = new Map<string, number>();
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (chosen.length >= wanted) break;
    const id = candidate.sentence.passage.id;
    if ((perPassage.get(id) ?? 0) >= 2) continue;
    if (chosen.some((other) => jaccard(other.sentence.stems, candidate.sentence.stems) >= 0.5)) continue;
    chosen.push(candidate);
    perPassage.set(id, (perPassage.get(id) ?? 0) + 1);
  }
  return chosen
    .sort((a, b) => a.order - b.order)
    .map(({ sentence }) => ({
      text: sentence.text.slice(0, LESSON_NOTES_LIMITS.sentenceLength),
      seconds: sentence.seconds,
    }));
}

interface TermCandidate {
  key: string;
  text: string;
  /** 0 defined, 1 a heading's concept, 2 a distinctive noun. */
  rank: number;
  rarity: number;
  order: number;
  explanation: string;
  seconds: number | null;
  /** The explanation reads alone (not "They …"). */
  alone: boolean;
}

/** The passage's first sentences that stand alone, as much as reads as an explanation. */
function openingOf(
  course: CourseText,
  passage: DraftPassage,
): { text: string; seconds: number | null } | null {
  const sentences = course.sentences.filter(
    (sentence) => sentence.passage === passage && standsAlone(sentence),
  );
  const first = sentences[0];
  if (!first) return null;
  const second = sentences[1];
  const both = second ? `${first.text} ${second.text}` : first.text;
  return {
    text: both.length <= 300 ? both : first.text,
    seconds: first.seconds,
  };
}

function glossaryOf(
  scored: readonly Scored[],
  course: CourseText,
  senses: ReadonlyMap<string, number>,
): GlossaryEntry[] {
  const found = new Map<string, TermCandidate>();
  const language = course.language;
  for (const { sentence, order, terms } of scored) {
    for (const term of terms) {
      if (term.kind === 'number' || (term.kind === 'name' && !term.defined)) continue;
      const text = asEntry(term.text.replace(ARTICLE, '').trim());
      if (!term.defined && JOINED.test(text)) continue;
      const before = sentence.text.slice(0, term.index).trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
      if (term.kind === 'term' && (DETERMINER.has(before) || NOT_TERMS.has(text.toLowerCase()))) continue;
      const key = termKey(text, language);
      if (!key) continue;
      const rank = term.defined ? 0 : term.kind === 'concept' ? 1 : 2;
      // A noun is a key term when the lesson comes back to it, explained by a sentence that reads alone: not an
      // everyday word said once ("beam", "torch", "book").
      if (rank === 2) {
        if (!standsAlone(sentence)) continue;
        const uses = course.sentences.filter((other) =>
          key.split(' ').every((stem) => other.stems.has(stem)),
        ).length;
        if (uses < 2) continue;
      }
      const stems = key.split(' ');
      // Rarer across the slides, and (in English) fewer meanings in WordNet: "aquifer" before "ground".
      const rarity =
        Math.max(...stems.map((stem) => course.passageShare(stem)), 0) +
        (senses.get(text.toLowerCase()) ?? 0) / 10;
      let explanation = sentence.text;
      let seconds = sentence.seconds;
      if (rank === 1) {
        // A heading's concept is explained by the opening of its own slide ("Evaporation": the sun heats water …).
        const own = course.sentences.find(
          (other) => termKey(other.passage.heading, language) === key && other.position === 0,
        );
        const opening = own ? openingOf(course, own.passage) : null;
        if (opening) ({ text: explanation, seconds } = opening);
      }
      const alone = rank === 1 || standsAlone(sentence);
      const candidate: TermCandidate = { key, text, rank, rarity, order, explanation, seconds, alone };
      const known = found.get(key);
      // The defining sentence wins; then the first that stands alone.
      if (!known || rank < known.rank) found.set(key, candidate);
      else if (rank === known.rank && !known.alone && alone)
        found.set(key, { ...known, explanation, seconds, alone });
    }
  }
  const ranked = [...found.values()].sort(
    (a, b) => a.rank - b.rank || a.rarity - b.rarity || a.order - b.order,
  );
  const chosen: TermCandidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= GLOSSARY_MAX) break;
    if (candidate.rank === 2 && chosen.length >= Math.max(GLOSSARY_MIN, GLOSSARY_WITH_NOUNS)) break;
    const words = candidate.key.split(' ');
    // "vapour" beside "water vapour": the longer term covers it.
    const covered = (a: string[], b: string[]) => a.every((word) => b.includes(word));
    if (chosen.some((other) => covered(words, other.key.split(' ')) || covered(other.key.split(' '), words)))
      continue;
    chosen.push(candidate);
  }
  const collator = new Intl.Collator(language || 'en', { sensitivity: 'base' });
  return chosen
    .map((candidate) => ({
      term: capitalised(candidate.text).slice(0, LESSON_NOTES_LIMITS.termLength),
      explanation: candidate.explanation.slice(0, LESSON_NOTES_LIMITS.explanationLength),
      seconds: candidate.seconds,
    }))
    .sort((a, b) => collator.compare(a.term, b.term));
}

/** The summary and glossary of one lesson's passages (in the lesson's order). */
export function draftLessonNotes(
  passages: readonly DraftPassage[],
  language: string,
  nouns: ReadonlySet<string>,
  /** English nouns' count of WordNet senses (nounSenses): fewer is more technical. */
  senses: ReadonlyMap<string, number> = new Map(),
): LessonNotesDraft {
  const course = readCourseText(passages, language, nouns);
  if (course.sentences.length === 0) return { summary: [], glossary: [] };
  const scored = scoreSentences(course);
  return { summary: summaryOf(scored), glossary: glossaryOf(scored, course, senses) };
}

/** How many noun senses WordNet gives each of the nouns (key-terms' nouns): "aquifer" 1, "ground" 11. */
export async function nounSenses(nouns: ReadonlySet<string>): Promise<Map<string, number>> {
  const lemmas = lemmatizerOf();
  const senses = new Map<string, number>();
  for (const noun of nouns) senses.set(noun, (await synsetOffsets('noun', lemmas.noun(noun))).length);
  return senses;
}
