import type { GuruVoice } from '../../../common/gurus';
import type { LanguageCode } from '../../../common/languages';
import type { LocalEngine } from '../../../common/voices';
import { espeakSpeaker, NoLocalVoiceError, spokenLanguage } from './espeak';
import type { Speaker, SpeechAudio } from './types';
import { TEXT_FILE, WAVE_FILE, waveFromProgram } from './wave-process';

/**
 * The program behind each local voice (decision 059 has the measurements): flite's clustergen voices RMS and
 * AWB and its diphone KAL (16 kHz, about 0.02 CPU-s a second of speech), festival's HTS voice SLT (32 kHz)
 * and diphone KED (16 kHz, about 0.06 CPU-s a second plus 0.3 s to start). Debian packages flite,
 * festival, festvox-us-slt-hts and festvox-kdlpc16k (scripts/bootstrap.mjs).
 */
export const LOCAL_VOICE_PROGRAMS: Record<
  GuruVoice,
  { engine: LocalEngine; binary: string; args: string[] }
> = {
  alloy: { engine: 'flite', binary: 'flite', args: ['-voice', 'rms', '-f', TEXT_FILE, '-o', WAVE_FILE] },
  echo: { engine: 'flite', binary: 'flite', args: ['-voice', 'kal16', '-f', TEXT_FILE, '-o', WAVE_FILE] },
  fable: { engine: 'flite', binary: 'flite', args: ['-voice', 'awb', '-f', TEXT_FILE, '-o', WAVE_FILE] },
  onyx: { engine: 'festival', binary: 'text2wave', args: ['-eval', '(voice_ked_diphone)'] },
  nova: { engine: 'festival', binary: 'text2wave', args: ['-eval', '(voice_cmu_us_slt_arctic_hts)'] },
  shimmer: { engine: 'espeak-ng', binary: 'espeak-ng', args: [] },
};

/** Short sentences spoken again are served from memory: at most this many (a few MB of WAV). */
const CACHED_SENTENCES = 24;
const CACHED_TEXT_MAX = 200;

/**
 * The server's own voices as one Speaker: each name's program from LOCAL_VOICE_PROGRAMS, and espeak-ng for
 * text in other scripts, for shimmer, and whenever flite or festival is missing or fails (so a machine
 * without them still speaks). The audio says which engine spoke it.
 */
export function localSpeaker(
  programs: Record<GuruVoice, { engine: LocalEngine; binary: string; args: string[] }> = LOCAL_VOICE_PROGRAMS,
  espeak: Speaker = espeakSpeaker(),
): Speaker {
  const byEspeak = async (
    text: string,
    voice: GuruVoice,
    signal: AbortSignal | undefined,
    language: LanguageCode,
  ): Promise<SpeechAudio> => ({
    ...(await espeak.synthesize(text, voice, signal, language)),
    engine: 'espeak-ng',
  });
  const speak = async (
    text: string,
    voice: GuruVoice,
    signal?: AbortSignal,
    language: LanguageCode | '' = '',
  ): Promise<SpeechAudio> => {
    const program = programs[voice];
    // flite's and festival's voices speak English only: every other language is espeak-ng's (espeak.ts).
    const spoken = spokenLanguage(text, language);
    if (!spoken) throw new NoLocalVoiceError();
    if (program.engine === 'espeak-ng' || spoken !== 'en') return byEspeak(text, voice, signal, spoken);
    try {
      return {
        ...(await waveFromProgram(program.binary, program.args, text, signal)),
        engine: program.engine,
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      return byEspeak(text, voice, signal, spoken);
    }
  };
  // The same short sentences come back (the pickers' samples, a guru's greeting): the last few are kept.
  const recent = new Map<string, SpeechAudio>();
  return {
    name: 'local',
    async synthesize(text, voice, signal, language = ''): Promise<SpeechAudio> {
      const key = `${voice}\n${language}\n${text}`;
      const kept = recent.get(key);
      if (kept) return kept;
      const audio = await speak(text, voice, signal, language);
      if (text.length <= CACHED_TEXT_MAX) {
        recent.set(key, audio);
        if (recent.size > CACHED_SENTENCES) recent.delete(recent.keys().next().value as string);
      }
      return audio;
    },
  };
}
