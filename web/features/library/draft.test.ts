import { describe, expect, it } from 'vitest';
import type { LibraryDetail, SegmentView } from '../../../common/contracts/library';
import {
  type DraftSegment,
  draftDiffers,
  insertSegmentAfter,
  type LibraryDraft,
  moveSegment,
  segmentsOf,
  settingsOf,
  shouldOfferDraft,
  toSegmentsInput,
  withSavedIds,
} from './draft';

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';
const ID_NEW = '00000000-0000-4000-8000-0000000000ff';

const segment = (id: string, description: string): SegmentView => ({
  id,
  position: 0,
  page: 1,
  heading: '',
  description,
  slideUrl: `/slides/${id}.png`,
  status: 'pending',
  durationSeconds: null,
  changed: true,
  estimate: { seconds: 1, credits: 1 },
});

const detail = (updatedAt = '2026-11-22T10:00:00.000Z'): LibraryDetail => ({
  id: 'lib-1',
  title: 'Fractions',
  sourceName: 'fractions.pdf',
  status: 'draft',
  progress: 0,
  stage: null,
  error: null,
  segmentCount: 2,
  durationSeconds: null,
  posterUrl: null,
  changedSegments: 2,
  generatedAt: null,
  updatedAt,
  voice: 'alloy',
  fallbackVoice: 'echo',
  language: '',
  avatarKind: 'none',
  avatarImageUrl: null,
  avatarCorner: 'bottom-right',
  fontFamily: 'Lato',
  themeColor: 'blue',
  segments: [segment(ID_A, 'Halves'), segment(ID_B, 'Quarters')],
  estimate: { seconds: 2, credits: 2 },
  playlistUrl: null,
  captionsUrl: null,
  videoUrl: null,
  slideLimit: 10,
});

const draftOf = (library: LibraryDetail, savedAt: number, change?: (draft: LibraryDraft) => void) => {
  const draft: LibraryDraft = {
    libraryId: library.id,
    segments: segmentsOf(library),
    settings: settingsOf(library),
    savedAt,
  };
  change?.(draft);
  return draft;
};

describe('draft comparison', () => {
  const library = detail();
  const later = Date.parse(library.updatedAt) + 60_000;

  it('treats a copy of the server library as no change, even with spaces the server trims', () => {
    const same = draftOf(library, later, (draft) => {
      draft.segments[0].description = '  Halves ';
      draft.settings.title = 'Fractions ';
    });
    expect(draftDiffers(same, library)).toBe(false);
    expect(shouldOfferDraft(same, library)).toBe(false);
  });

  it('offers a newer draft whose narration, order, segments or settings differ', () => {
    const edited = draftOf(library, later, (draft) => {
      draft.segments[1].description = 'Quarters and eighths';
    });
    const reordered = draftOf(library, later, (draft) => draft.segments.reverse());
    const added = draftOf(library, later, (draft) => {
      draft.segments = insertSegmentAfter(draft.segments, 0, true);
    });
    const restyled = draftOf(library, later, (draft) => {
      draft.settings.themeColor = 'red';
    });
    for (const draft of [edited, reordered, added, restyled])
      expect(shouldOfferDraft(draft, library)).toBe(true);
  });

  it('does not offer a draft older than the server copy, of another library, or none at all', () => {
    const older = draftOf(library, Date.parse(library.updatedAt) - 1, (draft) => {
      draft.segments[0].description = 'Old words';
    });
    const other = draftOf(library, later, (draft) => {
      draft.libraryId = 'lib-2';
      draft.segments[0].description = 'Other';
    });
    expect(shouldOfferDraft(older, library)).toBe(false);
    expect(shouldOfferDraft(other, library)).toBe(false);
    expect(shouldOfferDraft(null, library)).toBe(false);
  });
});

describe('segment list edits', () => {
  const list: DraftSegment[] = [
    { key: ID_A, id: ID_A, description: 'Halves' },
    { key: ID_B, id: ID_B, description: 'Quarters' },
  ];

  it('moves within bounds and leaves the list alone at its ends', () => {
    expect(moveSegment(list, 1, -1).map((one) => one.key)).toEqual([ID_B, ID_A]);
    expect(moveSegment(list, 0, -1)).toBe(list);
    expect(moveSegment(list, 1, 1)).toBe(list);
  });

  it('adds a copy of a saved slide or a blank one, and a copy of an unsaved copy keeps the source slide', () => {
    const withCopy = insertSegmentAfter(list, 0, true);
    expect(withCopy).toHaveLength(3);
    expect(withCopy[1]).toMatchObject({ description: '', copySlideOf: ID_A });
    expect(withCopy[1].id).toBeUndefined();
    expect(insertSegmentAfter(list, 1, false)[2].copySlideOf).toBeUndefined();
    expect(insertSegmentAfter(withCopy, 1, true)[2].copySlideOf).toBe(ID_A);
  });

  it('sends saved segments by id and new ones with the slide they copy', () => {
    const withCopy = insertSegmentAfter(list, 0, true);
    expect(toSegmentsInput(withCopy).segments).toEqual([
      { id: ID_A, description: 'Halves' },
      { description: '', copySlideOf: ID_A },
      { id: ID_B, description: 'Quarters' },
    ]);
  });

  it('gives a new segment the id the server answered at its position, even after it moved meanwhile', () => {
    const sent = insertSegmentAfter(list, 1, false);
    const newKey = sent[2].key;
    const movedSince = moveSegment(sent, 2, -1);
    const updated = withSavedIds(movedSince, sent, [ID_A, ID_B, ID_NEW]);
    expect(updated.map((one) => one.id)).toEqual([ID_A, ID_NEW, ID_B]);
    expect(updated[1]).toEqual({ key: newKey, id: ID_NEW, description: '' });
    expect(withSavedIds(list, list, [ID_A, ID_B])).toBe(list);
  });
});
