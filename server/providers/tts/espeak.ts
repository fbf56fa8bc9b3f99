import type { GuruVoice } from '../../../common/gurus';
import { type LanguageCode, languageOfText, passageLanguage } from '../../../common/languages';
import { ESPEAK_VOICES, espeakVariant } from '../../../common/voices';
import type { Speaker, SpeechAudio } from './types';
import { waveFromProgram } from './wave-process';

export { isWave, withWaveSizes } from './wave-process';

/** The six names' espeak-ng voices live beside the other local voices, for the pickers to describe. */
export { ESPEAK_VOICES };

/**
 * espeak-ng's voice for each course language (issue 32): Debian's espeak-ng speaks them all. English keeps
 * ESPEAK_VOICES' accents; every other language is spoken by its own voice in the name's variant, pitch and
 * pace, so the six names stay six different speakers of that language.
 */
export const ESPEAK_LANGUAGES: Record<LanguageCode, string> = {
  en: 'en-us',
  hi: 'hi',
  bn: 'bn',
  ta: 'ta',
  te: 'te',
  mr: 'mr',
  gu: 'gu',
  kn: 'kn',
  ml: 'ml',
  pa: 'pa',
  ur: 'ur',
  es: 'es',
  fr: 'fr-fr',
  de: 'de',
  ar: 'ar',
  pt: 'pt',
};

/** Letters of any script but Latin. */
const NON_LATIN_LETTER = /(?=\p{L})\P{Script=Latin}/u;

/**
 * The language a text is spoken in: the course's, unless the text is in another script (common/languages.ts
 * passageLanguage); null when it is written in a script no local voice speaks — it is never read by an English
 * voice, which would spell it out letter by letter or say nothing.
 */
export function spokenLanguage(text: string, language: LanguageCode | '' = ''): LanguageCode | null {
  // Letters, but in none of the scripts languageOfText knows.
  if (languageOfText(text) === '' && NON_LATIN_LETTER.test(text)) return null;
  return passageLanguage(language, text) || 'en';
}

/** The text is in a script none of the local voices speaks. */
export class NoLocalVoiceError extends Error {
  constructor() {
    super('No local voice speaks the language this text is written in');
    this.name = 'NoLocalVoiceError';
  }
}

/** espeak-ng's arguments for a voice name speaking a language: its language's voice in the name's variant. */
export function espeakArguments(voice: GuruVoice, language: LanguageCode): string[] {
  const settings = ESPEAK_VOICES[voice];
  const name = language === 'en' ? settings.voice : `${ESPEAK_LANGUAGES[language]}+${espeakVariant(voice)}`;
  return ['-v', name, '-p', String(settings.pitch), '-s', String(settings.speed)];
}

/** espeak-ng as a Speaker: WAV (22,050 Hz mono) from `espeak-ng --stdout`, the text on stdin. */
export function espeakSpeaker(binary = 'espeak-ng'): Speaker {
  return {
    name: 'espeak-ng',
    synthesize(text, voice, signal, language): Promise<SpeechAudio> {
      const spoken = spokenLanguage(text, language);
      if (!spoken) return Promise.reject(new NoLocalVoiceError());
      return waveFromProgram(
        binary,
        [...espeakArguments(voice, spoken), '--stdout', '--stdin'],
        text,
        signal,
      );
    },
  };
}
