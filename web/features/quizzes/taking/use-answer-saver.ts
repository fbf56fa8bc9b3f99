import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerResponse } from '../../../../common/quizzes';
import { ApiError } from '../../../app/api';
import { saveAnswer } from './api';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

/** Text answers are saved this long after the last keystroke; choices at once. */
export const TEXT_SAVE_DELAY_MS = 600;
const RETRY_EVERY_MS = 3000;

const storageKey = (attemptId: string) => `quizAnswers:${attemptId}`;

/** Answers given but not yet confirmed by the server, kept so a lost connection or a reload loses nothing. */
export function readPendingAnswers(attemptId: string): Record<string, AnswerResponse> {
  try {
    const raw = localStorage.getItem(storageKey(attemptId));
    return raw ? (JSON.parse(raw) as Record<string, AnswerResponse>) : {};
  } catch {
    return {};
  }
}

function writePendingAnswers(attemptId: string, pending: Record<string, AnswerResponse>) {
  if (Object.keys(pending).length === 0) localStorage.removeItem(storageKey(attemptId));
  else localStorage.setItem(storageKey(attemptId), JSON.stringify(pending));
}

export function clearPendingAnswers(attemptId: string) {
  localStorage.removeItem(storageKey(attemptId));
}

/** A failure worth retrying: no connection, or the server briefly unwell. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * Saves each answer as it is given: queued in local storage first, sent to the server (debounced for
 * text), removed from the queue only once the server confirms, retried every few seconds and when the
 * browser comes back online. `onClosed` is called when the server refuses because the attempt is over.
 */
export function useAnswerSaver(attemptId: string, onClosed: () => void) {
  const pending = useRef<Record<string, AnswerResponse>>(readPendingAnswers(attemptId));
  /** The request under way per question; a second send of the same question waits for it. */
  const inFlight = useRef(new Map<string, Promise<boolean>>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const closed = useRef(false);
  /** The last answer the server refused as invalid (until one is saved again). */
  const refused = useRef(false);
  const [status, setStatus] = useState<SaveStatus>(
    Object.keys(pending.current).length > 0 ? 'retrying' : 'idle',
  );
  const [error, setError] = useState<string | null>(null);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  const refreshStatus = useCallback((failed: boolean) => {
    if (failed) setStatus('retrying');
    else if (inFlight.current.size > 0) setStatus('saving');
    else if (Object.keys(pending.current).length > 0) setStatus('retrying');
    else setStatus(refused.current ? 'failed' : 'saved');
  }, []);

  const send = useCallback(
    (questionId: string): Promise<boolean> => {
      const running = inFlight.current.get(questionId);
      if (running) return running;
      const response = pending.current[questionId];
      if (!response) return Promise.resolve(true);
      if (closed.current) return Promise.resolve(false);
      setStatus('saving');
      const attempt = (async (): Promise<'saved' | 'newer' | 'failed'> => {
        try {
          await saveAnswer(attemptId, questionId, response);
          setError(null);
          refused.current = false;
          // A newer answer typed while this one travelled stays queued and goes next.
          if (pending.current[questionId] !== response) return 'newer';
          delete pending.current[questionId];
          writePendingAnswers(attemptId, pending.current);
          return 'saved';
        } catch (failure) {
          if (failure instanceof ApiError && failure.status === 409) {
            // Time is up or the attempt was submitted elsewhere: the server has what it has.
            closed.current = true;
            onClosedRef.current();
          } else if (!isTransient(failure)) {
            // The server refused this answer (e.g. too long): keep it on screen, say why, stop resending it.
            delete pending.current[questionId];
            writePendingAnswers(attemptId, pending.current);
            refused.current = true;
            setError((failure as Error).message);
            setStatus('failed');
          }
          return 'failed';
        }
      })();
      const tracked = attempt.then((result) => {
        inFlight.current.delete(questionId);
        return result === 'newer' ? send(questionId) : result === 'saved';
      });
      inFlight.current.set(questionId, tracked);
      return tracked;
    },
    [attemptId],
  );

  /** Sends everything queued; true when the server has confirmed all of it. */
  const flush = useCallback(async (): Promise<boolean> => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    const ids = Object.keys(pending.current);
    const results = await Promise.all(ids.map((id) => send(id)));
    const ok = results.every(Boolean) && Object.keys(pending.current).length === 0;
    refreshStatus(!ok && Object.keys(pending.current).length > 0);
    if (!ok && Object.keys(pending.current).length > 0 && !closed.current) {
      if (retryTimer.current) clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void flush(), RETRY_EVERY_MS);
    }
    return ok;
  }, [send, refreshStatus]);

  /** Records an answer: queued at once, sent now or after the text delay. */
  const record = useCallback(
    (questionId: string, response: AnswerResponse, debounce: boolean) => {
      pending.current = { ...pending.current, [questionId]: response };
      writePendingAnswers(attemptId, pending.current);
      setStatus('saving');
      const existing = timers.current.get(questionId);
      if (existing) clearTimeout(existing);
      const run = () => {
        timers.current.delete(questionId);
        void send(questionId).then((ok) => {
          refreshStatus(!ok && Boolean(pending.current[questionId]));
          if (!ok && pending.current[questionId] && !closed.current) {
            if (retryTimer.current) clearTimeout(retryTimer.current);
            retryTimer.current = setTimeout(() => void flush(), RETRY_EVERY_MS);
          }
        });
      };
      if (debounce) timers.current.set(questionId, setTimeout(run, TEXT_SAVE_DELAY_MS));
      else run();
    },
    [attemptId, send, flush, refreshStatus],
  );

  // Answers left unsent by a lost connection or a reload go out now, and again whenever we are back online.
  useEffect(() => {
    if (Object.keys(pending.current).length > 0) void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const allTimers = timers.current;
    return () => {
      window.removeEventListener('online', online);
      for (const timer of allTimers.values()) clearTimeout(timer);
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
  }, [flush]);

  const stop = useCallback(() => {
    closed.current = true;
    if (retryTimer.current) clearTimeout(retryTimer.current);
  }, []);

  return { status, error, record, flush, stop, pendingCount: () => Object.keys(pending.current).length };
}
