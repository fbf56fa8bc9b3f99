import type { GuruVoice } from '../../../common/gurus';
import type { AiSettings } from '../../config';
import { audioFrom, speechSignal } from './http-audio';
import type { Speaker } from './types';

/**
 * OpenAI speech (POST {baseUrl}/audio/speech with model, input, voice, response_format). The six voice
 * names are OpenAI's own, so they pass through unchanged. Any OpenAI-compatible speech server works.
 */
export function openAiSpeaker(settings: NonNullable<AiSettings['openAiSpeech']>): Speaker {
  return {
    name: 'openai',
    async synthesize(text: string, voice: GuruVoice, signal?: AbortSignal) {
      const response = await fetch(`${settings.baseUrl}/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: settings.model, input: text, voice, response_format: 'mp3' }),
        signal: speechSignal(signal),
      });
      return { contentType: 'audio/mpeg', data: await audioFrom(response, 'OpenAI') };
    },
  };
}
