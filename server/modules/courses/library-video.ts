import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import type { VideoKind } from '../../../common/contracts/course-content';
import { LIBRARY_MSG } from '../../../common/library';
import { type CourseRow, type CourseVideoRow, courseVideos } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, forbidden } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertStorageQuota, putStoredFile, removeStoredFile } from '../files/uploads';
import { loadOwnedLibrary } from '../library/access';
import { touchCourse } from './service';
import { queuePackaging, videoFolder } from './video-service';

export const OTHER_OWNER_MESSAGE = said('server.courses.otherOwnerLibrary');
const MISSING_FILE_MESSAGE = said('server.courses.libraryVideoMissing');

export interface FromLibrary {
  title: string;
  libraryId: string;
  kind: VideoKind;
}

/** Copies one stored file to a local path; null when storage no longer has it. */
async function download(app: App, key: string, file: string): Promise<number | null> {
  const stored = await app.storage.read(key);
  if (!stored) return null;
  await pipeline(stored.stream, createWriteStream(file));
  return stored.size;
}

/**
 * Adds a lesson (or preview) made from a finished course library (decision 014 "Using the video"): the
 * library's MP4 becomes the video's source and its captions the video's captions, both copied to the
 * video's own folder, with a copy of the cues. A copy, so regenerating the library never changes what the
 * course's students watch. It is then packaged by the upload job, and marks the course edited like an upload.
 */
export async function addVideoFromLibrary(
  app: App,
  actor: Actor,
  course: CourseRow,
  input: FromLibrary,
): Promise<CourseVideoRow> {
  const library = await loadOwnedLibrary(app, actor, input.libraryId);
  // An admin or institute may open libraries of several owners; a course only uses its own owner's.
  if (library.ownerId !== course.ownerId) throw forbidden(OTHER_OWNER_MESSAGE);
  if (library.status !== 'ready' || !library.videoPath) throw new AppError('CONFLICT', LIBRARY_MSG.notReady);

  const root = path.join(app.config.dataDir, 'tmp');
  await mkdir(root, { recursive: true });
  const work = await mkdtemp(path.join(root, 'library-video-'));
  const stored: string[] = [];
  try {
    const mp4 = path.join(work, 'source.mp4');
    const videoBytes = await download(app, library.videoPath, mp4);
    if (videoBytes === null) throw new AppError('CONFLICT', MISSING_FILE_MESSAGE);
    const vtt = path.join(work, 'captions.vtt');
    // Captions are a bonus: a library without them still makes a lesson.
    const captionBytes = library.captionsPath ? await download(app, library.captionsPath, vtt) : null;
    await assertStorageQuota(app, course.ownerId, videoBytes + (captionBytes ?? 0));

    const videoId = randomUUID();
    const folder = videoFolder(course.id, videoId);
    const sourcePath = `${folder}/source.mp4`;
    await putStoredFile(app, course.ownerId, sourcePath, mp4, 'video/mp4');
    stored.push(sourcePath);
    let captionsPath: string | null = null;
    if (captionBytes !== null) {
      // Named like an uploaded captions file, so replacing them later follows the same rules.
      captionsPath = `${folder}/captions-${randomBytes(4).toString('hex')}.vtt`;
      await putStoredFile(app, course.ownerId, captionsPath, vtt, 'text/vtt');
      stored.push(captionsPath);
    }

    await app.db.insert(courseVideos).values({
      id: videoId,
      courseId: course.id,
      kind: input.kind,
      title: input.title,
      position: sql`(select coalesce(max(${courseVideos.position}) + 1, 0) from ${courseVideos} where ${courseVideos.courseId} = ${course.id} and ${courseVideos.kind} = ${input.kind})`,
      sourcePath,
      captionsPath,
      durationSeconds: library.durationSeconds,
      processingStatus: 'processing',
      processingProgress: 0,
      libraryId: library.id,
      libraryCues: library.cues ?? [],
    });
    stored.length = 0; // The row owns the files now: deleting the video removes them.
    // Approval status (an approved course waits for re-approval) and the course's "edited" mark, as an
    // upload does. No guru has chosen a video that did not exist, so none needs re-training yet.
    await touchCourse(app, course);
    await queuePackaging(app, { videoId, uploaderId: actor.userId }, library.durationSeconds);
    // Inline jobs have already run; with pg-boss this is still the row as inserted.
    const [current] = await app.db.select().from(courseVideos).where(eq(courseVideos.id, videoId));
    return current;
  } finally {
    for (const key of stored) await removeStoredFile(app, key);
    await rm(work, { recursive: true, force: true });
  }
}
