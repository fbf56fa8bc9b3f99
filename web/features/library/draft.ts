import type {
  LibraryDetail,
  LibrarySettingsInput,
  SegmentInput,
  SegmentsInput,
} from '../../../common/contracts/library';
import type { GuruVoice } from '../../../common/gurus';

/**
 * The wizard's editable copy of a library (pure helpers; the IndexedDB side is draft-db.ts).
 * A segment added in the wizard has a local key and no id until the server saved it.
 */
export interface DraftSegment {
  key: string;
  id?: string;
  description: string;
  /** For an added segment: show the slide of this saved segment (absent: a blank slide). */
  copySlideOf?: string;
}

/** The settings as edited: a voice may still be missing (the server asks for one before generating). */
export type EditableSettings = Omit<LibrarySettingsInput, 'voice' | 'fallbackVoice'> & {
  voice: GuruVoice | null;
  fallbackVoice: GuruVoice | null;
};

export interface LibraryDraft {
  libraryId: string;
  segments: DraftSegment[];
  settings: EditableSettings;
  /** When the draft was last written (ms since the epoch). */
  savedAt: number;
}

export const newSegmentKey = () => `new-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const segmentsOf = (detail: LibraryDetail): DraftSegment[] =>
  detail.segments.map((segment) => ({ key: segment.id, id: segment.id, description: segment.description }));

export const settingsOf = (detail: LibraryDetail): EditableSettings => ({
  title: detail.title,
  voice: detail.voice ?? null,
  fallbackVoice: detail.fallbackVoice ?? null,
  language: detail.language,
  avatarKind: detail.avatarKind,
  avatarCorner: detail.avatarCorner,
  fontFamily: detail.fontFamily,
  themeColor: detail.themeColor,
});

/** The PUT …/segments body: saved segments by id, new ones with the slide they copy. */
export function toSegmentsInput(segments: DraftSegment[]): SegmentsInput {
  return {
    segments: segments.map((segment): SegmentInput => {
      if (segment.id) return { id: segment.id, description: segment.description };
      return segment.copySlideOf
        ? { description: segment.description, copySlideOf: segment.copySlideOf }
        : { description: segment.description };
    }),
  };
}

/** The server trims narrations and titles; compare what would be stored. */
const comparable = (segments: DraftSegment[], settings: EditableSettings) =>
  JSON.stringify({
    segments: segments.map((segment) => [
      segment.id ?? null,
      segment.description.trim(),
      segment.copySlideOf ?? null,
    ]),
    settings: [
      settings.title.trim(),
      settings.voice,
      settings.fallbackVoice,
      settings.language ?? '',
      settings.avatarKind,
      settings.avatarCorner,
      settings.fontFamily,
      settings.themeColor,
    ],
  });

/** Whether the draft holds something the server's library does not. */
export function draftDiffers(
  draft: Pick<LibraryDraft, 'segments' | 'settings'>,
  detail: LibraryDetail,
): boolean {
  return comparable(draft.segments, draft.settings) !== comparable(segmentsOf(detail), settingsOf(detail));
}

/** A local draft worth offering back: of this library, written after the server's last change, and different. */
export function shouldOfferDraft(draft: LibraryDraft | null, detail: LibraryDetail): draft is LibraryDraft {
  if (!draft || draft.libraryId !== detail.id) return false;
  const serverTime = Date.parse(detail.updatedAt);
  if (Number.isFinite(serverTime) && draft.savedAt <= serverTime) return false;
  return draftDiffers(draft, detail);
}

/**
 * After a save: the segments sent without an id get the id the server gave them (same position in the
 * answer), wherever they are now in the list being edited.
 */
export function withSavedIds(
  current: DraftSegment[],
  sent: DraftSegment[],
  savedIds: string[],
): DraftSegment[] {
  const idByKey = new Map<string, string>();
  sent.forEach((segment, index) => {
    const id = savedIds[index];
    if (!segment.id && id) idByKey.set(segment.key, id);
  });
  if (idByKey.size === 0) return current;
  return current.map((segment) => {
    const id = idByKey.get(segment.key);
    return id ? { key: segment.key, id, description: segment.description } : segment;
  });
}

/** Moves one segment up (-1) or down (+1); out of range leaves the list as it is. */
export function moveSegment<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = list.slice();
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** A new segment after `index`: a copy of that segment's slide, or a blank slide. */
export function insertSegmentAfter(list: DraftSegment[], index: number, copySlide: boolean): DraftSegment[] {
  const source = list[index];
  // A segment not yet saved has no id to copy from; it copies what it copies itself.
  const copySlideOf = copySlide ? (source?.id ?? source?.copySlideOf) : undefined;
  const added: DraftSegment = {
    key: newSegmentKey(),
    description: '',
    ...(copySlideOf ? { copySlideOf } : {}),
  };
  return [...list.slice(0, index + 1), added, ...list.slice(index + 1)];
}
