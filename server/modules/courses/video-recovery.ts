import { and, eq, sql } from 'drizzle-orm';
import type { VideoProcessingEvent } from '../../../common/contracts/course-content';
import { type CourseRow, type CourseVideoRow, courses, courseVideos } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import type { PeriodicTask } from '../../jobs/periodic';
import { packagingTimeoutMs } from '../../media/ffmpeg';
import { notifyUser } from '../../realtime/notify-user';
import { touchCourse } from './service';
import { queuePackaging } from './video-service';

/** Stored in the video's error column in English (read back in the caller's language by its text). */
export const STUCK_VIDEO_MESSAGE = said('server.courses.stuckVideo');
/** Grace on top of ffmpeg's own time limit: queue wait, download from storage, storing the segments. */
export const STUCK_GRACE_MS = 10 * 60_000;
export const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Marks failed every video that has been processing longer than its packaging time limit plus 10 minutes —
 * a server killed mid-job or a lost job would otherwise leave it "processing" for ever, and a course with a
 * processing video cannot be submitted. `created_at` is when processing started: a retry resets it.
 */
export async function sweepStuckVideos(app: App, now = new Date()): Promise<number> {
  const candidates = await app.db
    .select({ video: courseVideos, ownerId: courses.ownerId })
    .from(courseVideos)
    .innerJoin(courses, eq(courses.id, courseVideos.courseId))
    .where(
      and(
        eq(courseVideos.processingStatus, 'processing'),
        // Cheap first cut in SQL: nothing younger than the grace period can be stuck.
        sql`${courseVideos.createdAt} < ${new Date(now.getTime() - STUCK_GRACE_MS)}`,
      ),
    );
  let swept = 0;
  for (const { video, ownerId } of candidates) {
    const limit = packagingTimeoutMs(video.durationSeconds ?? 0) + STUCK_GRACE_MS;
    if (now.getTime() - video.createdAt.getTime() <= limit) continue;
    const [failed] = await app.db
      .update(courseVideos)
      .set({ processingStatus: 'failed', processingError: STUCK_VIDEO_MESSAGE.english })
      .where(and(eq(courseVideos.id, video.id), eq(courseVideos.processingStatus, 'processing')))
      .returning();
    if (!failed) continue;
    swept += 1;
    const payload: VideoProcessingEvent = {
      courseId: video.courseId,
      videoId: video.id,
      status: 'failed',
      progress: failed.processingProgress,
      error: STUCK_VIDEO_MESSAGE.english,
    };
    await notifyUser(app, ownerId, 'videoProcessing', payload);
  }
  if (swept > 0) app.log.warn({ swept }, 'videos stuck in processing were marked failed');
  return swept;
}

/**
 * Packages a failed video again from its kept source file. Only a failed video can be retried (409
 * otherwise); with inline jobs the answer is already the packaged video.
 */
export async function retryVideo(
  app: App,
  actor: Actor,
  course: CourseRow,
  video: CourseVideoRow,
): Promise<CourseVideoRow> {
  const conflict = () => new AppError('CONFLICT', said('server.courses.onlyFailedRetry'));
  if (video.processingStatus !== 'failed' || !video.sourcePath) throw conflict();
  const source = await app.storage.read(video.sourcePath);
  if (!source) {
    throw new AppError('CONFLICT', said('server.courses.sourceGone'));
  }
  // Only asked whether it exists: the job reads it.
  source.stream.destroy();
  // course_videos has no "processing since" column (adding one needs a migration), so created_at is reset
  // to serve as it: the sweeper must not fail a retried video by the age of its first upload.
  const [restarted] = await app.db
    .update(courseVideos)
    .set({
      processingStatus: 'processing',
      processingProgress: 0,
      processingError: null,
      createdAt: new Date(),
    })
    .where(and(eq(courseVideos.id, video.id), eq(courseVideos.processingStatus, 'failed')))
    .returning();
  if (!restarted) throw conflict();
  await touchCourse(app, course);
  await queuePackaging(app, { videoId: video.id, uploaderId: actor.userId }, video.durationSeconds);
  const [current] = await app.db.select().from(courseVideos).where(eq(courseVideos.id, video.id));
  return current ?? restarted;
}

/** Marks videos stuck in processing failed, at start and every 5 minutes (one idempotent UPDATE per row). */
export const stuckVideosTask: PeriodicTask = {
  name: 'video sweep',
  everyMs: SWEEP_INTERVAL_MS,
  atStart: 'await',
  run: sweepStuckVideos,
};
