import { GURU_VOICES, type GuruVoice } from '../../../common/gurus';
import { languageOrNone } from '../../../common/languages';
import type { App } from '../../http/app-type';
import { MediaError } from '../../media/ffmpeg';
import { speechToWav } from '../../media/narrated-segment';
import { synthesizeWithFallback } from '../../providers/tts/speaker-for';
import { speakingAs } from '../integrations/service';
import type { LibraryRow } from './access';

/** The library's voice; generation refuses a library without one, so 'alloy' is only a sample's default. */
export const asVoice = (name: string | null): GuruVoice =>
  name && (GURU_VOICES as readonly string[]).includes(name) ? (name as GuruVoice) : 'alloy';

/**
 * A segment's narration as WAV for renderSegment: the owner's speaker (ElevenLabs key, OpenAI speech, else
 * the local voices) in the library's voice, the local voices in the fallback voice when that speaker fails. Failures are
 * MediaErrors worded for the owner, since they end up as the library's error.
 */
export async function narrationWav(
  app: App,
  library: Pick<LibraryRow, 'ownerId' | 'voice' | 'fallbackVoice' | 'language'>,
  text: string,
): Promise<Buffer> {
  let audio: Awaited<ReturnType<typeof synthesizeWithFallback>>;
  try {
    audio = await synthesizeWithFallback(
      app,
      await speakingAs(app, {
        ownerId: library.ownerId,
        voice: asVoice(library.voice),
        fallbackVoice: asVoice(library.fallbackVoice),
      }),
      text,
      undefined,
      undefined,
      languageOrNone(library.language),
    );
  } catch (error) {
    // synthesizeWithFallback words its last resort for a guru; a library needs its own sentence.
    throw new MediaError(
      'The narration could not be spoken just now (the voice service and the fallback voice both failed). Please try again.',
      (error as Error).message,
      'system',
    );
  }
  return speechToWav(audio);
}
