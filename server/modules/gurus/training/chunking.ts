/** Passages of a page or an answer stay readable and rank well when they hold about this many words. */
export const PASSAGE_WORDS = 120;

/**
 * Splits text into passages of about `maxWords` words, preferring sentence ends so a cited passage reads as
 * whole sentences; a single sentence longer than the limit is cut by words.
 */
export function splitIntoPassages(text: string, maxWords = PASSAGE_WORDS): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? [clean];
  const passages: string[] = [];
  let words: string[] = [];
  const flush = () => {
    if (words.length > 0) passages.push(words.join(' '));
    words = [];
  };
  for (const sentence of sentences) {
    const sentenceWords = sentence.trim().split(' ').filter(Boolean);
    if (words.length > 0 && words.length + sentenceWords.length > maxWords) flush();
    for (const word of sentenceWords) {
      words.push(word);
      if (words.length >= maxWords * 1.5) flush();
    }
  }
  flush();
  return passages;
}
