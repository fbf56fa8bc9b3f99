import { useCallback, useEffect, useRef, useState } from 'react';
import type { GuruVoice } from '../../../common/gurus';
import { toast } from '../../app/toast';
import { fetchNarrationSample } from './api';
import { t } from './i18n';

/** Plays one narration at a time in the chosen voice; `playing` is the key of the one loading or playing. */
export function useNarrationPlayer(libraryId: string) {
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
    audio.current = null;
    setPlaying(null);
  }, []);
  useEffect(() => stop, [stop]);

  const play = async (key: string, text: string, voice: GuruVoice | null) => {
    if (playing === key) return stop();
    stop();
    setPlaying(key);
    try {
      const blob = await fetchNarrationSample(libraryId, { text, ...(voice ? { voice } : {}) });
      const next = new Audio(URL.createObjectURL(blob));
      next.onended = () => setPlaying((now) => (now === key ? null : now));
      audio.current = next;
      // Autoplay rules or a missing audio device may refuse playing; that is not worth an error.
      await next.play().catch(() => setPlaying(null));
    } catch (error) {
      setPlaying(null);
      toast('danger', error instanceof Error ? error.message : t('library.narration.failed'));
    }
  };

  return { playing, play, stop };
}
