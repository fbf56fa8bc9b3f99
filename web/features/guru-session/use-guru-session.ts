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
  /** A hints-mode guru waits for the student's try at this answer's question. */
  awaitingTry: boolean;
  status: 'streaming' | 'done' | 'error';
  error: string | null;
}

/**
 * One live session: greets, starts the conversation with the first question, asks and streams answers, speaking each finished
 * sentence (or, for D-ID avatars, the whole answer as a video when D-ID can make one).
 */
export function useGuruSession(guru: SessionGuru | undefined, courseId: string | null) {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [level, setLevel] = useState(0);
  const [speaking, setSpeaking] = useState(false);
  const [muted, setMutedState] = useState(false);
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [audioBlocked, setAudioBlocked] = useState(false);
  const queue = useRef<SpeechQueue | null>(null);
  const abort = useRef<AbortController | null>(null);
  const greeted = useRef(false);
  const starting = useRef<Promise<string> | null>(null);
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

  // Greet with the introduction once the guru can talk. The conversation itself is made on the first question,
  // so opening the page and leaving leaves no empty session in the teacher's inbox or on the plan's count.
  useEffect(() => {
    if (!guru?.available || greeted.current || !guru.introductionText) return;
    greeted.current = true;
    queue.current?.unlock();
    setAudioBlocked(Boolean(queue.current?.blocked));
    const controller = new AbortController();
    abort.current = controller;
    void speakAll(guru.introductionText, controller.signal);
  }, [guru, speakAll]);

  /** The session's conversation, started on first use; a question asked while it starts waits for the same one. */
  const conversation = useCallback(async (): Promise<string> => {
    if (conversationId) return conversationId;
    if (!guruId) throw new Error('Guru not found');
    starting.current ??= api<{ conversationId: string }>(`/gurus/${guruId}/sessions`, {
      method: 'POST',
      body: courseId ? { courseId } : {},
    }).then(
      ({ conversationId: id }) => {
        setConversationId(id);
        return id;
      },
      (error: Error) => {
        // Not kept: the next question tries again (a quiz finished, a plan renewed).
        starting.current = null;
        throw error;
      },
    );
    return starting.current;
  }, [conversationId, guruId, courseId]);

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
        {
          key,
          question,
          answer: '',
          citations: [],
          notCovered: false,
          awaitingTry: false,
          status: 'streaming',
          error: null,
        },
      ]);
      const splitter = new SentenceSplitter();
      let answer = '';
      try {
        const id = await conversation();
        for await (const event of askGuru(id, question, controller.signal)) {
          if (event.type === 'text') {
            answer += event.delta;
            patchTurn(key, (turn) => ({ answer: turn.answer + event.delta }));
            if (!usesDid) for (const sentence of splitter.push(event.delta)) queue.current?.enqueue(sentence);
          } else if (event.type === 'citations') {
            patchTurn(key, () => ({ citations: event.citations }));
          } else if (event.type === 'done') {
            patchTurn(key, () => ({
              status: 'done',
              notCovered: event.notCovered,
              awaitingTry: Boolean(event.awaitingTry),
            }));
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
    [conversation, guruId, usesDid, speakAll, patchTurn],
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
