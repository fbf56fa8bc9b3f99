import { retryAfterSeconds } from '../../app/rate-limited';

export interface SpeechRetryPolicy {
  /** Tries again after a 429, each time once the server's Retry-After has passed. */
  rateLimitedRetries: number;
  /** Tries again after a network failure or a 408/5xx answer, waiting backoffMs, then twice that, … */
  transientRetries: number;
  backoffMs: number;
  /** The longest wait for one retry, whatever Retry-After says. */
  maxWaitMs: number;
}

export const SPEECH_RETRY: SpeechRetryPolicy = {
  rateLimitedRetries: 5,
  transientRetries: 2,
  backoffMs: 500,
  maxWaitMs: 60_000,
};

const TRANSIENT = new Set([408, 500, 502, 503, 504]);

export interface SpeechFetchOptions {
  /** True once the answer is no longer wanted (a new question, mute): no further try is made. */
  cancelled?: () => boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  policy?: SpeechRetryPolicy;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fetches one sentence's audio. A 429 is waited out (Retry-After) and other passing failures are retried a
 * few times, so a busy moment delays a sentence instead of losing it; null when the sentence cannot be
 * spoken (any other refusal, or the tries are used up) or is no longer wanted.
 */
export async function fetchSpeechAudio(
  url: string,
  init: RequestInit,
  options: SpeechFetchOptions = {},
): Promise<ArrayBuffer | null> {
  const { cancelled = () => false, fetch: send = fetch, sleep = wait, policy = SPEECH_RETRY } = options;
  let limited = 0;
  let transient = 0;
  while (!cancelled()) {
    let response: Response | null = null;
    try {
      response = await send(url, init);
      if (response.ok) return await response.arrayBuffer();
    } catch {
      response = null; // A network failure, or the body broke off: both pass.
    }
    let delay: number;
    if (response?.status === 429) {
      if (limited >= policy.rateLimitedRetries) return null;
      limited += 1;
      delay = retryAfterSeconds(response.headers.get('retry-after')) * 1000;
    } else if (!response || TRANSIENT.has(response.status)) {
      if (transient >= policy.transientRetries) return null;
      delay = policy.backoffMs * 2 ** transient;
      transient += 1;
    } else {
      return null;
    }
    await sleep(Math.min(delay, policy.maxWaitMs));
  }
  return null;
}
