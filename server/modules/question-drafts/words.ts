import { searchFold } from '../../../common/search-fold';
import { hindiStem, isDevanagari } from '../../providers/llm/hindi';
import { lemmatizerOf } from '../../providers/llm/lemmas';
import { STOP_WORDS } from '../../providers/llm/stop-words';

/** A word of a sentence as Intl.Segmenter finds it, with where it starts. */
export interface Word {
  text: string;
  index: number;
}

const segmenters = new Map<string, Intl.Segmenter>();
const segmenterFor = (language: string) => {
  const locale = language || 'en';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
};

/** The words of a text in any script (letters, marks and digits), where they stand. */
export function wordsOf(text: string, language = 'en'): Word[] {
  const words: Word[] = [];
  for (const part of segmenterFor(language).segment(text)) {
    if (part.isWordLike) words.push({ text: part.segment, index: part.index });
  }
  return words;
}

const LATIN_WORD = /^\p{Script=Latin}+$/u;

/** One form for a word's inflections: an English noun's singular ("clouds" → "cloud"), a Hindi word's stem. */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  if (isDevanagari(lower)) return hindiStem(searchFold(lower));
  if (!LATIN_WORD.test(lower)) return searchFold(lower);
  return lemmatizerOf().noun(lower);
}

/** A word that says what a sentence is about: not a function word, not a lone digit or letter. */
export function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower) || STOP_WORDS.has(searchFold(lower))) return false;
  return [...lower].length > 1 && /\p{L}/u.test(lower);
}

/** The stems of a text's content words. */
export function contentStems(text: string, language = 'en'): Set<string> {
  const stems = new Set<string>();
  for (const word of wordsOf(text, language)) {
    if (isContentWord(word.text)) stems.add(stemOf(word.text));
  }
  return stems;
}

/** Share of the smaller set found in the other: how much two texts say the same thing (0 to 1). */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const stem of small) if (large.has(stem)) shared += 1;
  return shared / small.size;
}

/** Jaccard similarity of two sets of stems. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const stem of a) if (b.has(stem)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** A term compared as its words' stems, spacing and case aside: "Water vapour" = "water vapours". */
export function termKey(term: string, language = 'en'): string {
  return wordsOf(term, language)
    .map((word) => stemOf(word.text))
    .join(' ');
}
