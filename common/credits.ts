/** Speaking rate used for narration estimates. */
export const WORDS_PER_SECOND = 2.5;
/** Padding for pauses and punctuation on top of the raw speaking time. */
export const VOICE_OVERHEAD_FACTOR = 1.1;
/** Seconds of narration covered by one credit. */
export const SECONDS_PER_CREDIT = 15;

/** Number of whitespace-separated, non-empty tokens in `text`. */
function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * Estimated narration length of `text` in seconds, to quote a cost before generating audio:
 * words / 2.5 words per second * 1.1. Computed as `words * 11 / 25` so whole-second results are exact
 * (375 words is exactly 165 s, not 165.00000000000003). Empty or blank text is 0.
 */
export function estimateVoiceSeconds(text: string): number {
  return (countWords(text) * 11) / 25;
}

/**
 * Credits charged for `seconds` of narration: the ceiling of seconds / 15, so any started 15-second
 * block costs a full credit. Floating-point noise below 1e-9 of a block is ignored so exact multiples
 * never round up; 0, negative or non-finite input costs 0.
 */
export function creditsForSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil(seconds / SECONDS_PER_CREDIT - 1e-9);
}

/** Credits needed to narrate `text`, combining {@link estimateVoiceSeconds} and {@link creditsForSeconds}. */
export function creditsForText(text: string): number {
  return creditsForSeconds(estimateVoiceSeconds(text));
}
