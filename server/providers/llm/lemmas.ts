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

const exceptionLists = new Map<string, Map<string, string[]>>();
/**
 * One of WordNet's exception lists, by lemma: irregular plurals ("stoma" → stomata), comparatives and
 * superlatives ("good" → better, best).
 */
function exceptionsByLemma(list: 'wn-noun-exceptions' | 'wn-adjective-exceptions'): Map<string, string[]> {
  const known = exceptionLists.get(list);
  if (known) return known;
  const lemmatizerRequire = createRequire(createRequire(import.meta.url).resolve('wink-lemmatizer'));
  const exceptions = lemmatizerRequire(`wink-lexicon/src/${list}.js`) as Record<string, string>;
  const byLemma = new Map<string, string[]>();
  for (const [form, lemma] of Object.entries(exceptions)) {
    if (form === lemma || /\s|_/.test(form)) continue;
    byLemma.set(lemma, [...(byLemma.get(lemma) ?? []), form]);
  }
  exceptionLists.set(list, byLemma);
  return byLemma;
}

/**
 * The inflected forms of a dictionary word that a search by stems cannot reach (round four, decision 057):
 * a noun's irregular plural ("stoma" → stomata), a verb's irregular past forms ("leave" → left; "when does the monsoon leave" is answered by "it has left
 * the country") and an adjective's comparative and superlative ("dry" → drier, driest; "why is Rajasthan so
 * dry" by "Rajasthan, among the driest"), each read back by WordNet's morphy as the same word.
 */
export function inflectionsOf(lemma: string, pos: 'noun' | 'verb' | 'adj' | 'adv'): string[] {
  const word = lemma.toLowerCase();
  if (pos === 'verb') return irregularForms().get(word) ?? [];
  if (pos === 'noun') return exceptionsByLemma('wn-noun-exceptions').get(word) ?? [];
  if (pos === 'adv') return [];
  const lemmas = lemmatizerOf();
  const regular = /e$/.test(word)
    ? [`${word}r`, `${word}st`]
    : /[^aeiou]y$/.test(word)
      ? [`${word.slice(0, -1)}ier`, `${word.slice(0, -1)}iest`]
      : /^[^aeiou]*[aeiou][bdgmnpt]$/.test(word)
        ? [`${word}${word.slice(-1)}er`, `${word}${word.slice(-1)}est`]
        : [`${word}er`, `${word}est`];
  // Longer adjectives compare with "more" and "most" ("more perpendicular"), never with -er and -est.
  const short = word.length <= 6 || /y$/.test(word);
  return [
    ...(exceptionsByLemma('wn-adjective-exceptions').get(word) ?? []),
    ...(short ? regular.filter((form) => lemmas.adjective(form) === word) : []),
  ];
}
