import { HINDI_STOP_WORDS } from '../../../providers/llm/hindi';
import { STOP_WORDS } from '../../../providers/llm/stop-words';
import { spellsAlike } from './transliteration';

/**
 * The course's own glossary (issue 32, decision 065, round nine): a Hindi deck writes its English terms in brackets
 * after the Hindi ones — "दीप्त वस्तुएँ (luminous objects)", "पार्श्व उत्क्रमण (lateral inversion)". A student who
 * asks with the English term ("lateral inversion किसको बोलते है") means the Hindi one, and the sentence that
 * teaches it uses only the Hindi: the question is searched with both.
 */
export interface CourseGloss {
  /** The bracketed term's words, as compared (lower case, a plural's "s" dropped). */
  latin: string[];
  /** The Hindi words before the bracket, as many as the term has words (at most three). */
  hindi: string;
}

const MAX_WORDS = 3;
/** A bracket after a word: the word (and up to three before it) and what the bracket holds. */
const BRACKETED = /((?:[^\s()]+\s+){0,3}[^\s()]+)\s*\(([^()]{2,80})\)/gu;
const LATIN_TERM = /^[\p{Script=Latin}\s'-]+$/u;
const DEVANAGARI_WORD = /^[\p{Script=Devanagari}-]+$/u;

/** A Latin word as compared: lower case, a plural's "s" or "es" dropped ("objects" → "object"). */
const compared = (word: string) => {
  const lower = word.toLocaleLowerCase();
  if (lower.length > 4 && lower.endsWith('es')) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s')) return lower.slice(0, -1);
  return lower;
};

/**
 * The last `count` words that say something, with the function words between them ("खाने का सोडा (baking
 * soda)": खाने and सोडा, with का; round eleven).
 */
function lastWords(words: string[], count: number): string[] {
  let start = words.length;
  let found = 0;
  while (start > 0 && found < count) {
    start -= 1;
    if (!HINDI_STOP_WORDS.has(words[start] as string)) found += 1;
  }
  return words.slice(start);
}

/** Every "Hindi words (English term)" of the course's texts, once each. */
export function glossesIn(texts: string[]): CourseGloss[] {
  const seen = new Map<string, CourseGloss>();
  for (const text of texts) {
    for (const [, before, inside] of text.matchAll(BRACKETED)) {
      const term = (inside as string).trim();
      if (!LATIN_TERM.test(term)) continue;
      const latin = term.split(/\s+/u).map(compared);
      if (latin.length > MAX_WORDS) continue;
      const hindiWords = (before as string).split(/\s+/u).filter((word) => DEVANAGARI_WORD.test(word));
      // As many words that say something as the English has ("प्रकाश की चाल (speed of light)").
      const saying = latin.filter((word) => !STOP_WORDS.has(word)).length;
      const hindi = lastWords(hindiWords, Math.max(saying, 1)).join(' ');
      const key = latin.join(' ');
      if (hindi && !seen.has(key)) seen.set(key, { latin, hindi });
    }
  }
  return [...seen.values()];
}

/**
 * The question with the course's Hindi for each bracketed term it asks with, in brackets after it: every word of
 * the term among the question's Latin words ("luminous object" holds "luminous objects"; "non-luminous objects"
 * is another term). A question with no Latin word, or none the course glosses, is returned as it is.
 */
export function glossedQuestion(question: string, glosses: CourseGloss[]): string {
  const asked = new Set(
    (question.match(/\p{Script=Latin}+(?:-\p{Script=Latin}+)*/gu) ?? [])
      .map(compared)
      .filter((word) => !STOP_WORDS.has(word)),
  );
  if (asked.size === 0) return question;
  // A term's other English word may be typed in Devanagari ("baking सोडा" for "खाने का सोडा (baking soda)"):
  // spelt alike (transliteration.ts), it is asked too.
  const typed = question.match(/\p{Script=Devanagari}+/gu) ?? [];
  for (const gloss of glosses)
    for (const word of gloss.latin)
      if (!asked.has(word) && typed.some((devanagari) => spellsAlike(word, devanagari))) asked.add(word);
  const added = glosses
    .filter((gloss) => gloss.latin.every((word) => asked.has(word) || STOP_WORDS.has(word)))
    .filter((gloss) => gloss.latin.some((word) => asked.has(word)))
    .map((gloss) => gloss.hindi)
    .filter((hindi) => !question.includes(hindi));
  return added.length === 0 ? question : `${question} (${[...new Set(added)].join(', ')})`;
}
