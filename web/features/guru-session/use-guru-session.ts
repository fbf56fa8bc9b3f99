import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionGuru } from '../../../common/contracts/gurus';
import type { Citation } from '../../../common/gurus';
import { api } from '../../app/api';
import { askGuru } from './ask-stream';
import { didTalkVideo } from './did-talk';
import { SentenceSplitter } from './sentences';
import { SpeechQueue } from './speech-queue';

export interface Turn {
  key: number;
  question: string;
  answer: string;
  citations: Citation[];
  notCovered: boolean;
  status: 'streaming' | 'done' | 'error';
  error: string | null;
}

/**
 * One live session: starts the conversation, greets, asks and streams answers, speaking each finished
 * sentence (or, for D-ID avatars, the whole answer as a video when D-ID can make one).
 */
export function useGuruSession(guru: SessionGuru | undefined, courseId: string | null) {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [level, setLevel] = useState(0);
  const [speaking, setSpeaking] = useState(false);
  const [muted, setMutedState] = useState(false);
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [audioBlocked, setAudioBlocked] = useState(false);
  const queue = useRef<SpeechQueue | null>(null);
  const abort = useRef<AbortController | null>(null);
  const started = useRef(false);
  // The conversation being started: a question asked before it exists waits for it instead of being dropped.
  const starting = useRef<Promise<string | null> | null>(null);
  const guruId = guru?.id;
  const usesDid = guru?.avatarKind === 'd_id';

  useEffect(() => {
    if (!guruId) return;
    const next = new SpeechQueue(guruId, setLevel, setSpeaking);
    queue.current = next;
    return () => {
      abort.current?.abort();
      next.close();
      queue.current = null;
    };
  }, [guruId]);

  /** Speaks a whole text: a D-ID video when the avatar is D-ID and it can be made, else sentence by sentence. */
  const speakAll = useCallback(
    async (text: string, signal: AbortSignal) => {
      if (!guruId || muted || !text.trim()) return;
      if (usesDid) {
        const url = await didTalkVideo(guruId, text, signal);
        if (signal.aborted) return;
        if (url) {
          setVideoUrl(url);
          return;
        }
      }
      const splitter = new SentenceSplitter();
      for (const sentence of [...splitter.push(text), ...splitter.flush()]) queue.current?.enqueue(sentence);
    },
    [guruId, muted, usesDid],
  );

  // Start the session (a conversation row) once, then greet with the introduction.
  useEffect(() => {
    if (!guru?.available || started.current) return;
    started.current = true;
    const start = api<{ conversationId: string }>(`/gurus/${guru.id}/sessions`, {
      method: 'POST',
      body: courseId ? { courseId } : {},
    });
    starting.current = start.then(
      ({ conversationId: id }) => id,
      () => null,
    );
    start
      .then(({ conversationId: id }) => {
        setConversationId(id);
        if (guru.introductionText) {
          queue.current?.unlock();
          setAudioBlocked(Boolean(queue.current?.blocked));
          const controller = new AbortController();
          abort.current = controller;
          void speakAll(guru.introductionText, controller.signal);
        }
      })
      .catch((error: Error) => setStartError(error.message));
  }, [guru, courseId, speakAll]);

  const hearIntroduction = useCallback(() => {
    if (!guru) return;
    queue.current?.unlock();
    setAudioBlocked(false);
    queue.current?.stop();
    const controller = new AbortController();
    abort.current?.abort();
    abort.current = controller;
    void speakAll(guru.introductionText, controller.signal);
  }, [guru, speakAll]);

  const patchTurn = useCallback(
    (key: number, patch: (turn: Turn) => Partial<Turn>) =>
      setTurns((all) => all.map((turn) => (turn.key === key ? { ...turn, ...patch(turn) } : turn))),
    [],
  );

  const ask = useCallback(
    async (question: string) => {
      if (!guruId) return;
      queue.current?.unlock();
      setAudioBlocked(false);
      queue.current?.stop();
      setVideoUrl(null);
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const key = Date.now();
      setTurns((all) => [
        ...all,
        { key, question, answer: '', citations: [], notCovered: false, status: 'streaming', error: null },
      ]);
      const splitter = new SentenceSplitter();
      let answer = '';
      try {
        const id = conversationId ?? (await starting.current);
        // A session that could not start shows why in place of the page (startError).
        if (!id) return;
        for await (const event of askGuru(id, question, controller.signal)) {
          if (event.type === 'text') {
            answer += event.delta;
            patchTurn(key, (turn) => ({ answer: turn.answer + event.delta }));
            if (!usesDid) for (const sentence of splitter.push(event.delta)) queue.current?.enqueue(sentence);
          } else if (event.type === 'citations') {
            patchTurn(key, () => ({ citations: event.citations }));
          } else if (event.type === 'done') {
            patchTurn(key, () => ({ status: 'done', notCovered: event.notCovered }));
          } else if (event.type === 'error') {
            patchTurn(key, () => ({ status: 'error', error: event.message }));
          }
        }
        if (usesDid) void speakAll(answer, controller.signal);
        else for (const sentence of splitter.flush()) queue.current?.enqueue(sentence);
        patchTurn(key, (turn) => (turn.status === 'streaming' ? { status: 'done' } : {}));
      } catch (error) {
        if (controller.signal.aborted) return;
        patchTurn(key, () => ({ status: 'error', error: (error as Error).message }));
      }
    },
    [conversationId, guruId, usesDid, speakAll, patchTurn],
  );

  const setMuted = useCallback((value: boolean) => {
    setMutedState(value);
    if (queue.current) queue.current.muted = value;
    if (value) {
      queue.current?.stop();
      setVideoUrl(null);
    }
  }, []);

  return {
    conversationId,
    startError,
    turns,
    level,
    speaking,
    muted,
    setMuted,
    videoUrl,
    clearVideo: () => setVideoUrl(null),
    audioBlocked,
    hearIntroduction,
    ask,
  };
}
