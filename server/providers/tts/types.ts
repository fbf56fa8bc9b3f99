import type { GuruVoice } from '../../../common/gurus';

export interface SpeechAudio {
  contentType: 'audio/wav' | 'audio/mpeg';
  data: Buffer;
}

/**
 * Turns a sentence into audio in one of the six voices. espeak-ng locally by default (six distinct local
 * voices), OpenAI speech when configured, ElevenLabs with the guru owner's key.
 */
export interface Speaker {
  readonly name: 'espeak-ng' | 'openai' | 'elevenlabs';
  synthesize(text: string, voice: GuruVoice, signal?: AbortSignal): Promise<SpeechAudio>;
}
