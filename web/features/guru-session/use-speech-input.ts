import { useCallback, useEffect, useRef, useState } from 'react';

/** The slice of the Web Speech API used here (not in every browser, nor in TypeScript's DOM types). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Dictation for the question box where the browser offers it; `supported` is false elsewhere. */
export function useSpeechInput(onText: (text: string) => void) {
  const [supported] = useState(() => typeof window !== 'undefined' && recognitionClass() !== null);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const latest = useRef(onText);
  latest.current = onText;

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Class = recognitionClass();
    if (!Class || recognition.current) return;
    const next = new Class();
    next.lang = document.documentElement.lang || 'en-US';
    next.interimResults = true;
    next.continuous = false;
    next.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      latest.current(text);
    };
    next.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    next.onerror = next.onend;
    recognition.current = next;
    setListening(true);
    next.start();
  }, []);

  useEffect(() => () => recognition.current?.stop(), []);
  return { supported, listening, start, stop };
}
