import type { GuruVoice } from '../../../common/gurus';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import type { GuruRow } from '../../modules/gurus/access';
import { integrationKey } from '../../modules/integrations/service';
import { elevenLabsSpeaker } from './elevenlabs';
import { espeakSpeaker } from './espeak';
import { openAiSpeaker } from './openai-speech';
import type { Speaker, SpeechAudio } from './types';

const local = espeakSpeaker();

/**
 * The speaker a guru talks with: ElevenLabs when its owner saved a key, else OpenAI speech when the
 * deployment configured it, else the local espeak-ng voices.
 */
export async function speakerForGuru(app: App, guru: Pick<GuruRow, 'ownerId'>): Promise<Speaker> {
  const elevenLabsKey = await integrationKey(app, guru.ownerId, 'elevenLabsApiKey');
  if (elevenLabsKey) return elevenLabsSpeaker(app.config.ai.elevenLabsApiBase, elevenLabsKey);
  if (app.config.ai.openAiSpeech) return openAiSpeaker(app.config.ai.openAiSpeech);
  return local;
}

/**
 * Speaks `text` in `voice` (default: the guru's voice, else alloy). When the chosen speaker fails (a
 * revoked key, a service down, a timeout) the sentence is spoken by espeak-ng in the guru's fallback voice,
 * so the student always hears the answer; only espeak-ng itself failing is an error.
 */
export async function synthesizeWithFallback(
  app: App,
  guru: Pick<GuruRow, 'ownerId' | 'voice' | 'fallbackVoice'>,
  text: string,
  voice?: GuruVoice,
  signal?: AbortSignal,
): Promise<SpeechAudio & { speaker: Speaker['name']; fellBack: boolean }> {
  const chosenVoice = voice ?? (guru.voice as GuruVoice | null) ?? 'alloy';
  const speaker = await speakerForGuru(app, guru);
  try {
    return {
      ...(await speaker.synthesize(text, chosenVoice, signal)),
      speaker: speaker.name,
      fellBack: false,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    app.log.warn({ err: error, speaker: speaker.name }, 'speech failed; using the fallback voice');
    const fallbackVoice = (guru.fallbackVoice as GuruVoice | null) ?? chosenVoice;
    try {
      return {
        ...(await local.synthesize(text, fallbackVoice, signal)),
        speaker: 'espeak-ng',
        fellBack: true,
      };
    } catch (fallbackError) {
      app.log.error({ err: fallbackError }, 'the fallback voice failed too');
      throw new AppError('UNAVAILABLE', 'The guru could not speak just now. Please try again.');
    }
  }
}
