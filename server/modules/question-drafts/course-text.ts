import { lemmatizerOf } from '../../providers/llm/lemmas';
import { sentencesOf } from '../../providers/llm/local-answerer';
import { synsetOffsets } from '../gurus/lexicon/wordnet';
import { contentStems, stemOf, wordsOf } from './words';

/** A passage a course teaches, where it is taught (what a draft cites). */
export interface DraftPassage {
  id: string;
  heading: string;
  text: string;
  videoId: string | null;
  materialId: string | null;
  startSeconds: number | null;
  endSeconds: number | null;
  page: number | null;
}

/** One sentence of a passage, with the second it is said at (by its place in the passage's narration). */
export interface TaughtSentence {
  text: string;
  passage: DraftPassage;
  /** Its place among the passage's sentences. */
  position: number;
  seconds: number | null;
  stems: Set<string>;
}

/** The course read once: its sentences, how many passages use each word, and its headings. */
export interface CourseText {
  language: string;
  sentences: TaughtSentence[];
  headings: string[];
  /** Share of the course's passages a stem is found in (0 to 1). */
  passageShare(stem: string): number;
  /** Every word stem the course uses. */
  vocabulary: Set<string>;
  /** Lower-case English words WordNet gives mostly as nouns (key-terms.ts). */
  nouns: ReadonlySet<string>;
}

/**
 * The course's English words that WordNet lists mostly as nouns (more noun senses than verb senses): "aquifer",
 * "runoff", "soil" — not "moves" or "flows". Read once per drafting run from WordNet's index in memory.
 */
export async function nounsAmong(texts: readonly string[]): Promise<Set<string>> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text, 'en')) {
      if (/^\p{Script=Latin}+$/u.test(word.text)) words.add(word.text.toLowerCase());
    }
  }
  const nouns = new Set<string>();
  const lemmas = lemmatizerOf();
  for (const word of words) {
    const nounSenses = (await synsetOffsets('noun', lemmas.noun(word))).length;
    if (nounSenses === 0) continue;
    const verbSenses = (await synsetOffsets('verb', lemmas.verb(word))).length;
    if (nounSenses >= verbSenses) nouns.add(word);
  }
  return nouns;
}

const secondsAt = (passage: DraftPassage, offset: number): number | null => {
  if (passage.startSeconds === null) return null;
  const end = passage.endSeconds ?? passage.startSeconds;
  const share = passage.text.length > 0 ? offset / passage.text.length : 0;
  return Math.round((passage.startSeconds + (end - passage.startSeconds) * share) * 10) / 10;
};

export function readCourseText(
  passages: readonly DraftPassage[],
  language: string,
  nouns: ReadonlySet<string> = new Set(),
): CourseText {
  const sentences: TaughtSentence[] = [];
  const documents = new Map<string, number>();
  const vocabulary = new Set<string>();
  for (const passage of passages) {
    const seen = new Set<string>();
    let searchFrom = 0;
    sentencesOf(passage.text).forEach((text, position) => {
      const found = passage.text.indexOf(text.slice(0, 20), searchFrom);
      const offset = found >= 0 ? found : searchFrom;
      searchFrom = offset + 1;
      const stems = contentStems(text, language);
      for (const stem of stems) seen.add(stem);
      for (const word of wordsOf(text, language)) vocabulary.add(stemOf(word.text));
      sentences.push({ text, passage, position, seconds: secondsAt(passage, offset), stems });
    });
    for (const stem of contentStems(passage.heading, language)) seen.add(stem);
    for (const stem of seen) documents.set(stem, (documents.get(stem) ?? 0) + 1);
  }
  const total = Math.max(1, passages.length);
  const headings = [...new Set(passages.map((passage) => passage.heading.trim()).filter(Boolean))];
  return {
    language,
    sentences,
    headings,
    vocabulary,
    nouns,
    passageShare: (stem) => (documents.get(stem) ?? 0) / total,
  };
}

/** Words in all the passages: a lesson with too few has nothing to draft from. */
export const wordCount = (passages: readonly DraftPassage[], language: string) =>
  passages.reduce((sum, passage) => sum + wordsOf(passage.text, language).length, 0);
