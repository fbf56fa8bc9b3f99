/**
 * A course's words with how often each occurs, split as retrieval.ts reads them from the guru's passages (lower
 * case, at spaces and punctuation), for the lexicon's tests; loaded on demand, as correctedSpelling asks.
 */
export function courseVocabulary(text: string): () => Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const word of text
    .toLocaleLowerCase()
    .split(/[\s.,;:!?।()—'"-]+/u)
    .filter(Boolean))
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return async () => counts;
}
