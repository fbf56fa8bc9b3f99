import { GURU_VOICES } from '../../../common/gurus';
import { languageOrNone } from '../../../common/languages';
import { estimateSegment, LIBRARY_MSG } from '../../../common/library';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { DidError, didClient } from '../../providers/avatar/d-id';
import { spokenLanguage } from '../../providers/tts/espeak';
import { integrationKey } from '../integrations/service';
import type { LibraryRow } from './access';
import { segmentChanged, segmentsOf } from './presenters';
import { assertNotGenerating, assertWithinSlideLimit } from './service';

const isVoice = (value: string | null) =>
  value !== null && (GURU_VOICES as readonly string[]).includes(value);

/**
 * D-ID credits the next generation would spend against what the owner's key has left. Only segments that
 * would be rendered again count: regenerating after one edit needs that one segment's credits.
 */
async function assertDidCredits(app: App, library: LibraryRow, creditsNeeded: number): Promise<void> {
  const key = await integrationKey(app, library.ownerId, 'didApiKey');
  if (!key) throw badRequest(LIBRARY_MSG.noDidKey);
  if (creditsNeeded === 0) return;
  const credits = await didClient(app.config.ai.didApiBase)
    .credits(key)
    .catch((error: unknown) => {
      if (error instanceof DidError && (error.status === 401 || error.status === 403)) {
        throw badRequest(said('server.library.didKeyRefused'));
      }
      if (error instanceof DidError && error.status === 402) {
        throw new AppError('PAYMENT_REQUIRED', LIBRARY_MSG.didCredits);
      }
      throw new AppError('UNAVAILABLE', said('server.library.didNoAnswer'));
    });
  if (credits.remaining < creditsNeeded) throw new AppError('PAYMENT_REQUIRED', LIBRARY_MSG.didCredits);
}

/**
 * Everything generating needs, refused with a text the owner can act on before any job is queued
 * (docs/decisions/014-course-library.md "Generating").
 */
export async function assertReadyToGenerate(app: App, library: LibraryRow): Promise<void> {
  assertNotGenerating(library);
  const segments = await segmentsOf(app, library.id);
  if (segments.length === 0) throw badRequest(LIBRARY_MSG.lastSegment);
  const silent = segments.findIndex((segment) => !segment.description.trim());
  if (silent >= 0) throw badRequest(said('server.library.addNarration', { slide: silent + 1 }));
  // The fallback voice is always a local one: a narration no local voice can speak would go unheard.
  const unspoken = segments.findIndex(
    (segment) => spokenLanguage(segment.description, languageOrNone(library.language)) === null,
  );
  if (unspoken >= 0) throw badRequest(said('server.library.narrationUnspeakable', { slide: unspoken + 1 }));
  if (!isVoice(library.voice)) throw badRequest(LIBRARY_MSG.voice);
  if (!isVoice(library.fallbackVoice)) throw badRequest(LIBRARY_MSG.fallbackVoice);
  await assertWithinSlideLimit(app, library, segments.length);
  if (library.avatarKind === 'static' && !library.avatarImagePath) throw badRequest(LIBRARY_MSG.staticAvatar);
  if (library.avatarKind === 'd_id') {
    if (!library.avatarImagePath) throw badRequest(LIBRARY_MSG.staticAvatar);
    const needed = segments
      .filter((segment, index) => segmentChanged(library, segment, index))
      .reduce((total, segment) => total + estimateSegment(segment.description).credits, 0);
    await assertDidCredits(app, library, needed);
  }
}
