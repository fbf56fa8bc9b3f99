import { searchFold } from '../../../../common/search-fold';
import { hindiStem } from '../../../providers/llm/hindi';
import { lemmatizerOf } from '../../../providers/llm/lemmas';
import { ENGLISH_TO_HINDI, HINDI_EVERYDAY_GROUPS } from './glossary-hi-data';
import { devanagariSkeleton, devanagariSoundKey, latinSkeleton } from './transliteration';

/**
 * A Hindi-medium student's words as the course writes them (issue 32, decision 065): the English school term
 * mixed into a Hindi question ("stomata क्या होते हैं" in a course that says रंध्र) is written as the course's
 * term, only when the course uses it, so the glossary never brings in a word of its own; the everyday word where
 * the textbook has its own (पेट for आमाशय) is searched with it, as a related word.
 */

/** English term → its Hindi terms, most common first. */
const ENGLISH = new Map<string, string[]>();
for (const line of ENGLISH_TO_HINDI.split('\n')) {
  const entry = /^\s*([^:]+?)\s*:\s*(.+?)\s*$/u.exec(line);
  if (!entry) continue;
  ENGLISH.set(
    entry[1].toLocaleLowerCase(),
    entry[2]
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean),
  );
}

/** A Hindi word (folded) → the other words of its everyday/textbook group. */
const EVERYDAY = new Map<string, string[]>();
for (const line of HINDI_EVERYDAY_GROUPS.split('\n')) {
  const group = line.trim().split(/\s+/u).filter(Boolean);
  if (group.length < 2) continue;
  for (const word of group) {
    const others = group.filter((other) => other !== word);
    EVERYDAY.set(searchFold(word), [...(EVERYDAY.get(searchFold(word)) ?? []), ...others]);
  }
}

/** The Hindi terms the glossary gives for an English word or its singular ("stomata", "planets" → "planet"). */
export function hindiTermsFor(english: string): string[] {
  const word = english.toLocaleLowerCase();
  return ENGLISH.get(word) ?? ENGLISH.get(lemmatizerOf().noun(word)) ?? [];
}

/**
 * The textbook or everyday words a Hindi word is said with (पेट → आमाशय, खाना → भोजन): retrieval searches them
 * beside it as related words, weaker evidence than the word itself, as WordNet's are for English.
 */
export function everydayCounterparts(word: string): string[] {
  return EVERYDAY.get(searchFold(word)) ?? EVERYDAY.get(hindiStem(word)) ?? [];
}

/** How the course's Devanagari words are found by their stem: stem → the course's most used word of it. */
export type CourseStems = Map<string, string>;

export function courseStems(vocabulary: Map<string, number>): CourseStems {
  const best = new Map<string, { word: string; count: number }>();
  for (const [word, count] of vocabulary) {
    if (!/\p{Script=Devanagari}/u.test(word)) continue;
    const stem = hindiStem(word);
    const known = best.get(stem);
    if (!known || count > known.count) best.set(stem, { word, count });
  }
  return new Map([...best].map(([stem, { word }]) => [stem, word]));
}

/**
 * The first of `terms` the course uses, as the course writes it (a term of several words only when it uses
 * each), or undefined.
 */
export function inCourse(terms: string[], stems: CourseStems): string | undefined {
  for (const term of terms) {
    const words = term.split(/\s+/u);
    const found = words.map((word) => stems.get(hindiStem(word)));
    if (found.every(Boolean)) return found.join(' ');
  }
  return undefined;
}

let sounding: Map<string, string> | undefined;

/**
 * The glossary's everyday or textbook Hindi word that sounds like a word typed in Latin letters (its
 * latinSoundKey), so "pet" is known as पेट even in a course that only says आमाशय. Of two words of one sound,
 * the first listed.
 */
export function hindiWordSounding(latinKey: string): string | undefined {
  if (!sounding) {
    sounding = new Map();
    for (const line of HINDI_EVERYDAY_GROUPS.split('\n'))
      for (const word of line.trim().split(/\s+/u).filter(Boolean)) {
        const key = devanagariSoundKey(word);
        if (key.length >= 2 && !sounding.has(key)) sounding.set(key, word);
      }
  }
  return sounding.get(latinKey);
}

let englishBySkeleton: Map<string, string | null> | undefined;
/** Skeletons this short meet by chance. */
const MIN_ENGLISH_SKELETON = 3;

/**
 * The glossary's English term a Devanagari word spells ("आर्टिकल" → article, "लिस्ट" → list, "मेंबर" → member):
 * students write English school words in Devanagari too. Matched by the consonants a reader hears
 * (transliteration.ts); a skeleton two English terms share is no match.
 */
export function englishTermSpelt(devanagari: string): string | undefined {
  if (!englishBySkeleton) {
    englishBySkeleton = new Map();
    for (const english of ENGLISH.keys()) {
      if (english.includes(' ')) continue;
      const skeleton = latinSkeleton(english);
      if (skeleton.length < MIN_ENGLISH_SKELETON) continue;
      const known = englishBySkeleton.get(skeleton);
      englishBySkeleton.set(skeleton, known === undefined || known === english ? english : null);
    }
  }
  return englishBySkeleton.get(devanagariSkeleton(devanagari)) ?? undefined;
}
