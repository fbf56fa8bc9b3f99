/**
 * How far apart two spellings are, counted in what a reader sees (spelling.ts corrects students' words by it;
 * transliteration.ts checks a short loanword's sounds by it).
 */
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** A text's user-perceived characters (grapheme clusters): "नमस्ते" is 3, not 6 code points. */
export function graphemesOf(text: string): string[] {
  return [...graphemes.segment(text)].map((part) => part.segment);
}

/**
 * The Damerau–Levenshtein distance (optimal string alignment) between two grapheme sequences: insertions,
 * deletions, substitutions and swaps of neighbours ("circiuts" → "circuits" is 1); stops early past `max`.
 */
export function editDistance(a: string[], b: string[], max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2][j - 2] + 1);
      rows[i][j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}
