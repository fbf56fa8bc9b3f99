import { Button } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { GuruVoice } from '../../../common/gurus';
import { toast } from '../../app/toast';
import { fetchSpeech } from './api';
import { useT } from './i18n';

/** What the sample says: spoken by the voice, not shown, so it stays the voice's English sentence. */
const SAMPLE = 'Hello! I am your guru. Ask me anything about your course.';

/** "Hear a sample": speaks a sentence in the chosen voice through the guru's speech route. */
export function VoiceSampleButton({
  guruId,
  voice,
  label,
}: {
  guruId: string;
  voice: GuruVoice | null;
  label: string;
}) {
  const t = useT();
  const [loading, setLoading] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(
    () => () => {
      audio.current?.pause();
      if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
    },
    [],
  );
  const play = async () => {
    if (!voice) return;
    setLoading(true);
    try {
      const blob = await fetchSpeech(guruId, SAMPLE, voice);
      audio.current?.pause();
      if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
      audio.current = new Audio(URL.createObjectURL(blob));
      // Autoplay rules or a missing audio device may refuse playing; that is not worth an error.
      await audio.current.play().catch(() => undefined);
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('gurus.voice.sampleFailed'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconVolume size={16} />}
      onClick={() => void play()}
      loading={loading}
      disabled={!voice}
      aria-label={label}
    >
      {t('gurus.voice.hearSample')}
    </Button>
  );
}
