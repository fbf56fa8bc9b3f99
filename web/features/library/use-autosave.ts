import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from './i18n';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

interface Options<T> {
  value: T;
  /** Off until the baseline is known (the library loaded and any local draft decided). */
  enabled: boolean;
  /** What the server holds now, serialized the same way: nothing is saved while value equals it. */
  baseline: string;
  serialize: (value: T) => string;
  /** Saves; may answer the value that now counts as saved (e.g. new segments with their ids). */
  save: (value: T) => Promise<T | undefined>;
  /** A value that cannot be saved yet (an empty title): its message, and no request. */
  invalid?: (value: T) => string | null;
  delay?: number;
}

/**
 * Saves `value` about `delay` ms after the last change, one request at a time; a change made while a
 * request runs is saved right after it. A failure waits for the next edit or retry() (no request storm).
 */
export function useAutosave<T>({
  value,
  enabled,
  baseline,
  serialize,
  save,
  invalid,
  delay = 800,
}: Options<T>) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const serialized = serialize(value);
  const latest = useRef({ value, serialized, save, serialize, invalid });
  latest.current = { value, serialized, save, serialize, invalid };
  const lastSaved = useRef(baseline);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new baseline (another library opened, a draft restored or discarded) resets what counts as saved.
  useEffect(() => {
    lastSaved.current = baseline;
  }, [baseline]);

  const run = useCallback(async (): Promise<void> => {
    // One request at a time: a caller arriving during a save waits for it (and for any that started next).
    while (running.current) await running.current;
    const { value: sent, serialized: sentText, save: saveNow, invalid: check } = latest.current;
    if (sentText === lastSaved.current) {
      setStatus('saved');
      return;
    }
    const problem = check?.(sent) ?? null;
    if (problem) {
      setError(problem);
      setStatus('error');
      throw new Error(problem);
    }
    setStatus('saving');
    setError(null);
    const attempt = (async () => {
      try {
        const answer = await saveNow(sent);
        lastSaved.current = answer === undefined ? sentText : latest.current.serialize(answer);
        setStatus(latest.current.serialized === sentText ? 'saved' : 'pending');
      } catch (failure) {
        // fetch throws a TypeError ('Failed to fetch') when the server cannot be reached.
        setError(
          failure instanceof TypeError
            ? t('library.save.noConnection')
            : failure instanceof Error
              ? failure.message
              : t('library.save.failed'),
        );
        setStatus('error');
        throw failure;
      }
    })();
    running.current = attempt.catch(() => undefined);
    try {
      await attempt;
    } finally {
      running.current = null;
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    if (serialized === lastSaved.current) {
      if (!running.current) setStatus((now) => (now === 'error' ? now : 'saved'));
      return;
    }
    setStatus((now) => (now === 'saving' ? now : 'pending'));
    timer.current = setTimeout(() => void run().catch(() => undefined), delay);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [serialized, enabled, delay, run]);

  /** Saves now what is not saved yet; rejects when saving fails (the caller may stop there). */
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    await run();
    if (latest.current.serialized !== lastSaved.current) await run();
  }, [run]);

  const retry = useCallback(() => void run().catch(() => undefined), [run]);

  return { status, error, flush, retry };
}
