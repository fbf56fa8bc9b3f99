import { asc, eq, inArray } from 'drizzle-orm';
import type {
  LibraryDetail,
  LibrarySummary,
  ReadyLibrary,
  SegmentView,
} from '../../../common/contracts/library';
import type { GuruVoice } from '../../../common/gurus';
import { languageOrNone } from '../../../common/languages';
import {
  type AvatarCorner,
  estimateLibrary,
  estimateSegment,
  type LibraryAvatarKind,
  type LibraryStage,
  type LibraryStatus,
  type SegmentStatus,
} from '../../../common/library';
import { isUserType } from '../../../common/roles';
import type { ThemeColorKey } from '../../../common/theme-colors';
import { librarySegments, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { HLS_PLAYLIST } from '../../media/ffmpeg';
import { limitOf } from '../plans/limits';
import type { LibraryRow } from './access';
import { segmentRenderHash } from './render-hash';

export type SegmentRow = typeof librarySegments.$inferSelect;

/** Links last as long as a wizard session, so slide thumbnails do not break while someone edits. */
const LINK_SECONDS = 6 * 60 * 60;
const fileUrl = (app: App, key: string | null) => (key ? app.storage.signedUrl(key, LINK_SECONDS) : null);

/** The library's segments in video order. */
export async function segmentsOf(app: App, libraryId: string): Promise<SegmentRow[]> {
  return app.db
    .select()
    .from(librarySegments)
    .where(eq(librarySegments.libraryId, libraryId))
    .orderBy(asc(librarySegments.position));
}

/** Segments of several libraries at once (the list), grouped by library in video order. */
export async function segmentsByLibrary(app: App, libraryIds: string[]): Promise<Map<string, SegmentRow[]>> {
  const grouped = new Map<string, SegmentRow[]>(libraryIds.map((id) => [id, []]));
  if (libraryIds.length === 0) return grouped;
  const rows = await app.db
    .select()
    .from(librarySegments)
    .where(inArray(librarySegments.libraryId, libraryIds))
    .orderBy(asc(librarySegments.position));
  for (const row of rows) grouped.get(row.libraryId)?.push(row);
  return grouped;
}

/**
 * The slides per library the owner's plan allows (null: unlimited). The owner's plan, not the viewer's:
 * an admin opening a teacher's library sees the limit the teacher works under.
 */
export async function slideLimitOfOwner(app: App, ownerId: string): Promise<number | null> {
  const owner = await app.db.query.users.findFirst({
    where: eq(users.id, ownerId),
    columns: { id: true, userType: true, instituteId: true },
  });
  if (!owner || !isUserType(owner.userType)) return null;
  return limitOf(
    app,
    { userId: owner.id, userType: owner.userType, instituteId: owner.instituteId },
    'slidesPerLibrary',
  );
}

/** Whether generating now would render the segment again (new, or anything it is made from changed). */
export function segmentChanged(library: LibraryRow, segment: SegmentRow, index: number): boolean {
  return segmentRenderHash(library, segment, index === 0) !== segment.renderedHash;
}

export function presentLibrarySummary(app: App, library: LibraryRow, segments: SegmentRow[]): LibrarySummary {
  return {
    id: library.id,
    title: library.title,
    sourceName: library.sourceName,
    status: library.status as LibraryStatus,
    progress: library.progress,
    stage: library.stage as LibraryStage | null,
    error: library.error,
    segmentCount: segments.length,
    durationSeconds: library.durationSeconds,
    posterUrl: fileUrl(app, library.posterPath),
    changedSegments: segments.filter((segment, index) => segmentChanged(library, segment, index)).length,
    generatedAt: library.generatedAt?.toISOString() ?? null,
    updatedAt: library.updatedAt.toISOString(),
  };
}

function presentSegment(app: App, library: LibraryRow, segment: SegmentRow, index: number): SegmentView {
  return {
    id: segment.id,
    position: index,
    page: segment.page,
    heading: segment.heading,
    description: segment.description,
    slideUrl: app.storage.signedUrl(segment.slidePath, LINK_SECONDS),
    status: segment.status as SegmentStatus,
    durationSeconds: segment.durationSeconds,
    changed: segmentChanged(library, segment, index),
    estimate: estimateSegment(segment.description),
  };
}

/** Everything the wizard shows: the look, the segments with signed slide links, estimates, the video. */
export async function libraryDetail(app: App, library: LibraryRow): Promise<LibraryDetail> {
  const [segments, slideLimit] = await Promise.all([
    segmentsOf(app, library.id),
    slideLimitOfOwner(app, library.ownerId),
  ]);
  const hasVideo = Boolean(library.hlsPath);
  return {
    ...presentLibrarySummary(app, library, segments),
    voice: library.voice as GuruVoice | null,
    language: languageOrNone(library.language),
    fallbackVoice: library.fallbackVoice as GuruVoice | null,
    avatarKind: library.avatarKind as LibraryAvatarKind,
    avatarImageUrl: fileUrl(app, library.avatarImagePath),
    avatarCorner: library.avatarCorner as AvatarCorner,
    fontFamily: library.fontFamily as LibraryDetail['fontFamily'],
    themeColor: library.themeColor as ThemeColorKey,
    segments: segments.map((segment, index) => presentSegment(app, library, segment, index)),
    estimate: estimateLibrary(segments.map((segment) => segment.description)),
    playlistUrl: hasVideo ? `/api/course-libraries/${library.id}/hls/${HLS_PLAYLIST}` : null,
    captionsUrl: fileUrl(app, library.captionsPath),
    videoUrl: fileUrl(app, library.videoPath),
    slideLimit,
  };
}

/** A finished video a course lesson can copy; its segments are the cues of that video, not the draft's. */
export function presentReadyLibrary(app: App, library: LibraryRow): ReadyLibrary {
  return {
    id: library.id,
    title: library.title,
    durationSeconds: library.durationSeconds ?? 0,
    segmentCount: library.cues?.length ?? 0,
    posterUrl: fileUrl(app, library.posterPath),
  };
}
