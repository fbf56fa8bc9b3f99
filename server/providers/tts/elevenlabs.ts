import type { GuruVoice } from '../../../common/gurus';
import { audioFrom, speechSignal } from './http-audio';
import type { Speaker } from './types';

/**
 * ElevenLabs premade voices standing in for the six voice names, chosen to keep each name's character
 * (premade voices exist in every account, so no voice has to be created first):
 * alloy → Sarah (calm, neutral), echo → George (warm male), fable → Daniel (British narrator),
 * onyx → Brian (deep male), nova → Jessica (bright, young female), shimmer → Lily (soft British female).
 */
export const ELEVENLABS_VOICE_IDS: Record<GuruVoice, string> = {
  alloy: 'EXAVITQu4vr4xnSDxMaL',
  echo: 'JBFqnCBsd6RMkjVDRZzb',
  fable: 'onwK4e9ZLuTAKqWW03F9',
  onyx: 'nPczCjzI2devNBz1zQrb',
  nova: 'cgSgspJ2msm6clMCkdW9',
  shimmer: 'pFZP5JQG7iQjIQuC4Bku',
};

export const ELEVENLABS_MODEL = 'eleven_multilingual_v2';
const KEY_CHECK_TIMEOUT_MS = 10_000;

/** ElevenLabs with the guru owner's key: POST /v1/text-to-speech/{voice_id}/stream, MP3 44.1 kHz 128 kbps. */
export function elevenLabsSpeaker(apiBase: string, apiKey: string): Speaker {
  return {
    name: 'elevenlabs',
    async synthesize(text: string, voice: GuruVoice, signal?: AbortSignal) {
      const url = `${apiBase}/v1/text-to-speech/${ELEVENLABS_VOICE_IDS[voice]}/stream?output_format=mp3_44100_128`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'xi-api-key': apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify({ text, model_id: ELEVENLABS_MODEL }),
        signal: speechSignal(signal),
      });
      return { contentType: 'audio/mpeg', data: await audioFrom(response, 'ElevenLabs') };
    },
  };
}

/** Whether ElevenLabs accepts the key (GET /v1/user); an unreachable service counts as not accepted. */
export async function elevenLabsKeyWorks(apiBase: string, apiKey: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiBase}/v1/user`, {
      headers: { 'xi-api-key': apiKey },
      signal: AbortSignal.timeout(KEY_CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
