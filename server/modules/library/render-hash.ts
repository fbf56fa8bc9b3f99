import { createHash } from 'node:crypto';
import { languageOrNone } from '../../../common/languages';
import { LOCAL_VOICES_EDITION } from '../../../common/voices';
import type { courseLibraries, librarySegments } from '../../db/schema/index';
import { spokenLanguage } from '../../providers/tts/espeak';

type Library = Pick<
  typeof courseLibraries.$inferSelect,
  | 'title'
  | 'voice'
  | 'fallbackVoice'
  | 'language'
  | 'avatarKind'
  | 'avatarImagePath'
  | 'avatarCorner'
  | 'fontFamily'
  | 'themeColor'
>;
type Segment = Pick<typeof librarySegments.$inferSelect, 'slidePath' | 'description'>;

/**
 * Everything a segment's video is made from. Generation renders a segment again only when this differs from
 * its `rendered_hash`; the wizard marks such segments as changed. The title band is drawn on the first
 * segment only, so the title is part of the first segment's hash alone. Slide images are never overwritten in
 * storage (a new image gets a new key), so the key stands for the bytes.
 */
export function segmentRenderHash(library: Library, segment: Segment, isFirst: boolean): string {
  // The language it is spoken in, when not English (English segments keep the hashes they had before).
  const spoken = spokenLanguage(segment.description, languageOrNone(library.language));
  const inputs = {
    ...(spoken !== 'en' ? { spoken } : {}),
    slide: segment.slidePath,
    narration: segment.description.trim(),
    voice: library.voice,
    fallbackVoice: library.fallbackVoice,
    voices: LOCAL_VOICES_EDITION,
    avatar: library.avatarKind === 'none' ? 'none' : `${library.avatarKind}:${library.avatarImagePath ?? ''}`,
    corner: library.avatarKind === 'none' ? '' : library.avatarCorner,
    font: library.fontFamily,
    color: library.themeColor,
    title: isFirst ? library.title : '',
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}
