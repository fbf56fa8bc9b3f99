import type { GuruVoice } from '../../../common/gurus';
import type { LanguageCode } from '../../../common/languages';
import type { LocalEngine } from '../../../common/voices';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import { elevenLabsSpeaker } from './elevenlabs';
import { localSpeaker } from './local-voices';
import { openAiSpeaker } from './openai-speech';
import type { Speaker, SpeechAudio } from './types';

const local = localSpeaker();

/**
 * Who is speaking, as the caller found it: the voices chosen (a guru's or a course library's) and the
 * owner's ElevenLabs key, if they saved one (modules/integrations `speakingAs` looks it up). The provider is
 * handed this rather than reaching into a domain for it.
 */
export interface SpeakingOwner {
  voice: string | null;
  fallbackVoice: string | null;
  elevenLabsKey: string | null;
}

/**
 * The speaker to use: ElevenLabs when the owner saved a key, else OpenAI speech when the deployment
 * configured it, else the server's own voices (flite, festival, espeak-ng).
 */
export function speakerFor(app: App, elevenLabsKey: string | null): Speaker {
  if (elevenLabsKey) return elevenLabsSpeaker(app.config.ai.elevenLabsApiBase, elevenLabsKey);
  if (app.config.ai.openAiSpeech) return openAiSpeaker(app.config.ai.openAiSpeech);
  return local;
}

/** Who spoke: the service, or the local engine (flite, festival, espeak-ng); what `x-speaker` says. */
export type SpokenBy = Exclude<Speaker['name'], 'local'> | LocalEngine;

/**
 * Speaks `text` in `voice` (default: the owner's chosen voice, else alloy). When the chosen speaker fails (a
 * revoked key, a service down, a timeout) the sentence is spoken by the local voices in the fallback voice,
 * so the student always hears the answer; only the local voices failing is an error. `language`: the course's
 * (the text's script decides without it).
 */
export async function synthesizeWithFallback(
  app: App,
  owner: SpeakingOwner,
  text: string,
  voice?: GuruVoice,
  signal?: AbortSignal,
  language: LanguageCode | '' = '',
): Promise<SpeechAudio & { speaker: SpokenBy; fellBack: boolean }> {
  const chosenVoice = voice ?? (owner.voice as GuruVoice | null) ?? 'alloy';
  const speaker = speakerFor(app, owner.elevenLabsKey);
  try {
    const audio = await speaker.synthesize(text, chosenVoice, signal, language);
    return { ...audio, speaker: spokenBy(speaker, audio), fellBack: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    app.log.warn({ err: error, speaker: speaker.name }, 'speech failed; using the fallback voice');
    const fallbackVoice = (owner.fallbackVoice as GuruVoice | null) ?? chosenVoice;
    try {
      const audio = await local.synthesize(text, fallbackVoice, signal, language);
      return { ...audio, speaker: spokenBy(local, audio), fellBack: true };
    } catch (fallbackError) {
      app.log.error({ err: fallbackError }, 'the fallback voice failed too');
      throw new AppError('UNAVAILABLE', said('server.providers.couldNotSpeak'));
    }
  }
}

const spokenBy = (speaker: Speaker, audio: SpeechAudio): SpokenBy =>
  speaker.name === 'local' ? (audio.engine ?? 'espeak-ng') : speaker.name;
