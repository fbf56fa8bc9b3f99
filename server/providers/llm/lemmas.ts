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

let irregular: Map<string, string[]> | undefined;
/** WordNet's irregular verb forms by their verb ("begin" → began, begun), from the lemmatizer's own lexicon. */
function irregularForms(): Map<string, string[]> {
  if (irregular) return irregular;
  const lemmatizerRequire = createRequire(createRequire(import.meta.url).resolve('wink-lemmatizer'));
  const exceptions = lemmatizerRequire('wink-lexicon/src/wn-verb-exceptions.js') as Record<string, string>;
  irregular = new Map();
  for (const [form, lemma] of Object.entries(exceptions)) {
    // Past forms only: not "-ing" ("beginning") nor the third person ("goes").
    if (form === lemma || /\s|_|ing$|s$/.test(form)) continue;
    irregular.set(lemma, [...(irregular.get(lemma) ?? []), form]);
  }
  return irregular;
}

/**
 * A verb's simple past ("start" → "started", "stop" → "stopped", "carry" → "carried", "begin" → "began"):
 * WordNet's irregular form when it has one — of two, the one not ending in "n" ("began", not "begun"), the
 * participle's usual ending — else the regular rules, kept only when WordNet reads the result back as the
 * same verb; null when neither works.
 */
export function simplePast(lemma: string): string | null {
  const word = lemma.toLowerCase();
  const forms = irregularForms().get(word);
  if (forms) return forms.find((form) => !/n$/.test(form)) ?? forms[0];
  const past = /e$/.test(word)
    ? `${word}d`
    : /[^aeiou]y$/.test(word)
      ? `${word.slice(0, -1)}ied`
      : /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(word)
        ? `${word}${word.slice(-1)}ed`
        : `${word}ed`;
  return verbLemma(past) === word ? past : null;
}
