/**
 * Counted nouns, the one way ("1 video", "2 videos", "1 day remaining"): English plural categories from
 * Intl.PluralRules, so counts such as 1.5 or -1 take the form the language gives them, not a hand-made `=== 1`.
 */
const rules = new Intl.PluralRules('en-US');

/** "video" → "videos"; irregular nouns pass their plural ("child", "children"). */
export function pluralOf(singular: string, plural = `${singular}s`) {
  return (count: number) => (rules.select(count) === 'one' ? singular : plural);
}

/**
 * A number as the app shows counts, grouped the same in the browser and on the server whatever their locale:
 * "2,400". Counts with a noun go through countOf.
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The count and its noun: countOf(1, 'video') "1 video", countOf(2400, 'student') "2,400 students". */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${formatCount(count)} ${pluralOf(singular, plural)(count)}`;
}
