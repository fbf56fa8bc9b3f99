import { createRequire } from 'node:module';
import { STOP_WORDS } from '../../providers/llm/stop-words';

/**
 * Grouping the questions a guru could not answer by the terms they share (docs/decisions/042). Pure: the refresh
 * reads the questions and writes the groups.
 */

/**
 * Words of how a question is asked, not what about, beside PostgreSQL's stop words (which retrieval drops too):
 * "please explain what … means" and "how much …" say nothing of its topic.
 */
const FILLER = new Set(
  `explain explanation mean meaning tell describe understand know want help please need would could may might must
  shall also get give thing something anything anyone someone everything ok okay hi hello thanks thank sir madam
  maam guru question answer much many`.split(/\s+/),
);

/** wink-lemmatizer (WordNet's morphy), as the guru's lexicon uses it: "hours" → "hour", "libraries" → "library". */
interface Lemmatizer {
  noun(word: string): string;
}
let lemmatizer: Lemmatizer | undefined;
const nounOf = (word: string) => {
  lemmatizer ??= createRequire(import.meta.url)('wink-lemmatizer') as Lemmatizer;
  return /^[a-z]+$/.test(word) ? lemmatizer.noun(word) : word;
};

/** A word's term: its singular when it is an English noun, else the word. */
export const termOf = (word: string) => nounOf(word.toLowerCase());

/**
 * A question's terms, each with the word as written: lower case, split at anything not a letter, mark or digit,
 * stop and filler words dropped; a noun's plural and singular are one term ("hours", "hour" → "hour").
 */
export function questionTermsOf(question: string): Map<string, string> {
  const words =
    question
      .normalize('NFKC')
      .toLowerCase()
      .slice(0, 2000)
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const terms = new Map<string, string>();
  for (const word of words) {
    if (word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(word) || FILLER.has(word)) continue;
    const term = termOf(word);
    if (STOP_WORDS.has(term) || FILLER.has(term) || terms.has(term)) continue;
    terms.set(term, word);
  }
  return terms;
}

export interface UnansweredQuestion {
  guruId: string;
  text: string;
  askedAt: Date;
}

export interface TermGroup {
  guruId: string;
  /** The term every question of the group holds: what it was grouped by, and what a fix is recorded against. */
  term: string;
  /**
   * The label, as students write the words: the group's term first, then up to two more held by at least half
   * of its questions.
   */
  terms: string[];
  /** Its question as written most often (compared without case and extra spaces; ties: the newest). */
  wording: string;
  /** Newest first. */
  questions: UnansweredQuestion[];
}

/** More frequent first; ties: the longer term (more telling), then alphabetical. */
const byFrequency = (counts: Map<string, number>) => (a: string, b: string) =>
  (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || b.length - a.length || a.localeCompare(b);

function countTerms(termLists: readonly Iterable<string>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const terms of termLists) for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

interface Asked {
  question: UnansweredQuestion;
  terms: Map<string, string>;
}

/** How the group's questions write a term most often ("hours" over "hour"). */
function wordFor(term: string, entries: readonly Asked[]): string {
  const words = countTerms(
    entries.flatMap((entry) => (entry.terms.has(term) ? [[entry.terms.get(term) as string]] : [])),
  );
  return [...words.keys()].sort(byFrequency(words))[0] ?? term;
}

/** The wording asked most often among questions (newest first): as its newest asker wrote it. */
export function commonestWording(questions: readonly UnansweredQuestion[]): string {
  const counts = new Map<string, { text: string; count: number }>();
  for (const question of questions) {
    const text = question.text.trim().replace(/\s+/g, ' ');
    const key = text.toLowerCase();
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { text, count: 1 });
  }
  // Map order is first seen, i.e. newest first: the first of the most frequent is the newest of them.
  let best: { text: string; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.text ?? '';
}

/**
 * Per guru, the terms that run through its whole course (courseWideTerms in refresh-questions.ts: held by a large
 * share of its passages, as retrieval's WIDE_SHARE): "bridge" in a course on bridges. Such a term says what the
 * course is about, not what a question asks.
 */
export type TopicWords = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Each question goes to its term most frequent among its guru's unanswered questions (ties: longer, then
 * alphabetical), counting only the terms that tell questions apart: a topic word of the guru's course never makes
 * a group ("What toll do drivers pay on a bridge?" and "What salary does a bridge worker earn?" stay apart in a
 * course on bridges), unless a question holds nothing else ("What is a bridge?"). The groups are labelled with
 * the terms most shared within them, topic words last. Questions with no term (only stop words) are left out.
 * Largest groups first, then the most recently asked.
 */
export function groupUnanswered(
  questions: readonly UnansweredQuestion[],
  topicWords: TopicWords = new Map(),
): TermGroup[] {
  const byGuru = new Map<string, Asked[]>();
  for (const question of questions) {
    const terms = questionTermsOf(question.text);
    if (terms.size === 0) continue;
    const list = byGuru.get(question.guruId) ?? [];
    list.push({ question, terms });
    byGuru.set(question.guruId, list);
  }
  const groups: TermGroup[] = [];
  for (const [guruId, asked] of byGuru) {
    const topic = topicWords.get(guruId) ?? new Set<string>();
    const telling = (terms: Iterable<string>) => [...terms].filter((term) => !topic.has(term));
    // Only the telling terms are counted: a topic word held by every question would outweigh any of them.
    const order = byFrequency(countTerms(asked.map((entry) => telling(entry.terms.keys()))));
    const topicOrder = byFrequency(countTerms(asked.map((entry) => entry.terms.keys())));
    const members = new Map<string, Asked[]>();
    for (const entry of asked) {
      const apart = telling(entry.terms.keys());
      const [term] = apart.length > 0 ? apart.sort(order) : [...entry.terms.keys()].sort(topicOrder);
      const group = members.get(term);
      if (group) group.push(entry);
      else members.set(term, [entry]);
    }
    for (const [term, entries] of members) {
      const within = countTerms(entries.map((entry) => entry.terms.keys()));
      const shared = Math.ceil(entries.length / 2);
      const others = [...within.keys()]
        // A topic word labels nothing on its own course: every group there could carry it.
        .filter((other) => other !== term && !topic.has(other) && (within.get(other) ?? 0) >= shared)
        .sort(byFrequency(within))
        .slice(0, 2);
      const newestFirst = entries
        .map((entry) => entry.question)
        .sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime());
      groups.push({
        guruId,
        term,
        terms: [term, ...others].map((each) => wordFor(each, entries)),
        wording: commonestWording(newestFirst),
        questions: newestFirst,
      });
    }
  }
  return groups.sort(
    (a, b) =>
      b.questions.length - a.questions.length ||
      b.questions[0].askedAt.getTime() - a.questions[0].askedAt.getTime() ||
      a.term.localeCompare(b.term),
  );
}

/** UnansweredGroup.key: `<guruId>:<terms joined by +>`. */
export const groupKeyOf = (group: Pick<TermGroup, 'guruId' | 'terms'>) =>
  `${group.guruId}:${group.terms.join('+')}`;

/**
 * The guru and the grouping term of a group key: its first word's term (the rest of the label may have changed
 * since the page was read). Null when it is not a group key.
 */
export function parseGroupKey(key: string): { guruId: string; term: string } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([^+]+)(\+.*)?$/i.exec(key);
  if (!match) return null;
  const term = questionTermsOf(match[2]).keys().next().value;
  return term ? { guruId: match[1].toLowerCase(), term } : null;
}
