import { createRequire } from 'node:module';

/** wink-lemmatizer: WordNet's morphy (its rules and exception lists, "made" → "make", "stomata" → "stoma"). */
interface Lemmatizer {
  noun(word: string): string;
  verb(word: string): string;
  adjective(word: string): string;
}
let lemmatizer: Lemmatizer | undefined;
/** Loaded on first use (its word lists take about 20 MB and a third of a second). */
export function lemmatizerOf(): Lemmatizer {
  lemmatizer ??= createRequire(import.meta.url)('wink-lemmatizer') as Lemmatizer;
  return lemmatizer;
}

/** A verb's dictionary form by WordNet's morphy ("won" → "win", "lays" → "lay"); the word itself when none. */
export function verbLemma(word: string): string {
  return lemmatizerOf().verb(word.toLowerCase());
}
