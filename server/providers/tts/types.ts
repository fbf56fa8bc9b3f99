import type { GuruVoice } from '../../../common/gurus';
import type { LanguageCode } from '../../../common/languages';
import type { LocalEngine } from '../../../common/voices';

export interface SpeechAudio {
  contentType: 'audio/wav' | 'audio/mpeg';
  data: Buffer;
  /** The local engine that spoke it (the local speaker only): what `x-speaker` reports. */
  engine?: LocalEngine;
}

/**
 * Turns a sentence into audio in one of the six voices: the server's own voices by default (six different
 * speakers of flite, festival and espeak-ng, local-voices.ts), OpenAI speech when configured, ElevenLabs
 * with the guru owner's key.
 */
export interface Speaker {
  readonly name: 'local' | 'espeak-ng' | 'openai' | 'elevenlabs';
  /**
   * `language`: what the text is in (a course's language), when known; the local voices speak it in a voice of
   * that language (espeak.ts), the services tell it by the text. Without it the text's script decides.
   */
  synthesize(
    text: string,
    voice: GuruVoice,
    signal?: AbortSignal,
    language?: LanguageCode | '',
  ): Promise<SpeechAudio>;
}
