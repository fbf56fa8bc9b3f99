import type { GuruVoice } from '../../../common/gurus';
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
  synthesize(text: string, voice: GuruVoice, signal?: AbortSignal): Promise<SpeechAudio>;
}
