import { asc, eq } from 'drizzle-orm';
import type { GenerationState } from '../../../common/contracts/library';
import type { LibraryStage, LibraryStatus, SegmentStatus } from '../../../common/library';
import { courseLibraries, librarySegments } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notifyUser } from '../../realtime/notify-user';

/** The live event the wizard listens to (docs/decisions/014-course-library.md "Generating"). */
export const LIBRARY_PROGRESS_EVENT = 'library-progress';

/** The library's generation as the owner sees it; a deleted library reads as an empty draft. */
export async function readGenerationState(app: App, libraryId: string): Promise<GenerationState> {
  const [library] = await app.db
    .select({
      status: courseLibraries.status,
      progress: courseLibraries.progress,
      stage: courseLibraries.stage,
      error: courseLibraries.error,
    })
    .from(courseLibraries)
    .where(eq(courseLibraries.id, libraryId));
  if (!library) return { libraryId, status: 'draft', progress: 0, stage: null, error: null, segments: [] };
  const segments = await app.db
    .select({ id: librarySegments.id, status: librarySegments.status })
    .from(librarySegments)
    .where(eq(librarySegments.libraryId, libraryId))
    .orderBy(asc(librarySegments.position));
  return {
    libraryId,
    status: library.status as LibraryStatus,
    progress: library.progress,
    stage: library.stage as LibraryStage | null,
    error: library.error,
    segments: segments.map((segment) => ({ id: segment.id, status: segment.status as SegmentStatus })),
  };
}

/** Reads the state and sends it to the owner's sockets; returns it for the caller's answer. */
export async function pushGenerationState(
  app: App,
  ownerId: string,
  libraryId: string,
): Promise<GenerationState> {
  const state = await readGenerationState(app, libraryId);
  await notifyUser(app, ownerId, LIBRARY_PROGRESS_EVENT, state);
  return state;
}
