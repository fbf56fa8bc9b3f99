import type { GuruVoice } from '../../../common/gurus';
import type { Speaker, SpeechAudio } from './types';
import { waveFromProgram } from './wave-process';

export { isWave, withWaveSizes } from './wave-process';

/**
 * The six voice names as clearly different espeak-ng voices: an espeak-ng language + variant (male m1–m7,
 * female f1–f5), a pitch (0–99) and a speed in words per minute. Accent, sex, pitch and pace all differ so
 * a listener can tell them apart even though espeak-ng is a formant synthesiser. espeak-ng speaks what the
 * local English voices cannot (text in other scripts) and when they are not installed (local-voices.ts).
 */
export const ESPEAK_VOICES: Record<GuruVoice, { voice: string; pitch: number; speed: number }> = {
  alloy: { voice: 'en-us+m3', pitch: 50, speed: 165 },
  echo: { voice: 'en-us+m7', pitch: 35, speed: 155 },
  fable: { voice: 'en-gb+m1', pitch: 58, speed: 170 },
  onyx: { voice: 'en-us+m1', pitch: 18, speed: 145 },
  nova: { voice: 'en-us+f3', pitch: 62, speed: 175 },
  shimmer: { voice: 'en-gb+f2', pitch: 78, speed: 160 },
};

/** espeak-ng as a Speaker: WAV (22,050 Hz mono) from `espeak-ng --stdout`, the text on stdin. */
export function espeakSpeaker(binary = 'espeak-ng'): Speaker {
  return {
    name: 'espeak-ng',
    synthesize(text: string, voice: GuruVoice, signal?: AbortSignal): Promise<SpeechAudio> {
      const settings = ESPEAK_VOICES[voice];
      const args = ['-v', settings.voice, '-p', String(settings.pitch), '-s', String(settings.speed)];
      return waveFromProgram(binary, [...args, '--stdout', '--stdin'], text, signal);
    },
  };
}
