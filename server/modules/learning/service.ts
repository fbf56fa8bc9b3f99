import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LearnerCourse, SubscribedCourse } from '../../../common/contracts/learning';
import { coveredSeconds, mergeRanges, type WatchRange } from '../../../common/watch-ranges';
import { type CourseRow, courseSubscriptions, courses, users, videoProgress } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, forbidden, notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import { said } from '../../i18n/said';
import { lessonsOf, liveSnapshot, loadLiveCourse } from '../catalog/service';
import { announceLearning } from '../common/learning-events';
import type { CourseSnapshot } from '../courses/snapshot';
import { imageUrlsAt } from '../files/uploads';
import { countRewatches } from '../insights/rewatch';
import { markLearning } from '../users/activity';

export const PAYMENT_REQUIRED_MESSAGE = said('server.learning.paymentRequired');
export const SUBSCRIBE_FIRST_MESSAGE = said('server.learning.subscribeFirst');
/** A lesson counts as completed once this share of it has been watched. */
export const COMPLETION_SHARE = 0.9;

/** The learner's playlist URL of a video of the live version. */
export const learnerPlaylistUrl = (courseId: string, videoId: string) =>
  `/api/learning/courses/${courseId}/videos/${videoId}/hls/index.m3u8`;

async function isSubscribed(app: App, userId: string, courseId: string): Promise<boolean> {
  const [found] = await app.db
    .select({ courseId: courseSubscriptions.courseId })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.courseId, courseId), eq(courseSubscriptions.userId, userId)));
  return Boolean(found);
}

/** Subscribes the actor to a free live course (again is fine); a paid one waits for checkout (402). */
export async function subscribe(app: App, actor: Actor, course: CourseRow, snapshot: CourseSnapshot) {
  if ((Number(snapshot.info.price) || 0) > 0)
    throw new AppError('PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE);
  await app.db
    .insert(courseSubscriptions)
    .values({ courseId: course.id, userId: actor.userId })
    .onConflictDoNothing();
  return { courseId: course.id, subscribed: true };
}

/** A live course the actor may learn from: subscribers, and its authors and admins. */
export async function loadLearnableCourse(app: App, actor: Actor, courseId: string) {
  const live = await loadLiveCourse(app, courseId);
  const author = canAuthorFor(actor, { id: live.course.ownerId, instituteId: live.instituteId });
  if (!author && !(await isSubscribed(app, actor.userId, courseId))) throw forbidden(SUBSCRIBE_FIRST_MESSAGE);
  return live;
}

/** Lesson ids completed by each of the users among the given ones (reports ask for many users at once). */
export async function completedByUser(
  app: App,
  userIds: string[],
  videoIds: string[],
): Promise<Map<string, Set<string>>> {
  const byUser = new Map<string, Set<string>>();
  if (userIds.length === 0 || videoIds.length === 0) return byUser;
  const rows = await app.db
    .select({ userId: videoProgress.userId, videoId: videoProgress.videoId })
    .from(videoProgress)
    .where(
      and(
        inArray(videoProgress.userId, userIds),
        inArray(videoProgress.videoId, videoIds),
        isNotNull(videoProgress.completedAt),
      ),
    );
  for (const row of rows) {
    const done = byUser.get(row.userId) ?? new Set<string>();
    done.add(row.videoId);
    byUser.set(row.userId, done);
  }
  return byUser;
}

/** Lesson ids completed by a user among the given ones. */
async function completedAmong(app: App, userId: string, videoIds: string[]): Promise<Set<string>> {
  return (await completedByUser(app, [userId], videoIds)).get(userId) ?? new Set();
}

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/** The one definition of progress in a course: completed lessons / lessons of its live version. */
export function lessonProgress(snapshot: CourseSnapshot, completed: Set<string>) {
  const lessons = lessonsOf(snapshot);
  const done = lessons.filter((lesson) => completed.has(lesson.id)).length;
  return {
    lessonCount: lessons.length,
    completedLessons: done,
    progressPercent: percent(done, lessons.length),
  };
}

/** The actor's subscribed courses with progress = completed lessons / lessons of the live version. */
export async function listSubscriptions(app: App, actor: Actor): Promise<SubscribedCourse[]> {
  const rows = await app.db
    .select({ course: courses, teacherName: users.fullName, subscribedAt: courseSubscriptions.createdAt })
    .from(courseSubscriptions)
    .innerJoin(courses, eq(courses.id, courseSubscriptions.courseId))
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(and(eq(courseSubscriptions.userId, actor.userId), isNotNull(courses.approvedSnapshot)))
    .orderBy(courseSubscriptions.createdAt);
  const lessonIds = rows.flatMap((row) =>
    lessonsOf(liveSnapshot(row.course) as CourseSnapshot).map((v) => v.id),
  );
  const completed = await completedAmong(app, actor.userId, lessonIds);
  // Cards as wide as the catalog's: the same large copy.
  const pictures = await imageUrlsAt(
    app,
    rows.map((row) => liveSnapshot(row.course)?.info.thumbnailPath ?? null),
    'large',
  );
  return rows.map((row) => {
    const snapshot = liveSnapshot(row.course) as CourseSnapshot;
    const picture = snapshot.info.thumbnailPath;
    return {
      id: row.course.id,
      title: snapshot.info.title,
      category: snapshot.info.category,
      level: snapshot.info.level,
      teacherName: row.teacherName,
      ...lessonProgress(snapshot, completed),
      thumbnailUrl: picture ? (pictures.get(picture) ?? app.storage.signedUrl(picture)) : null,
      subscribedAt: row.subscribedAt.toISOString(),
    };
  });
}

/** The course player's data: lessons with playlists and resume positions, FAQ and material. */
export async function learnerCourse(app: App, actor: Actor, courseId: string): Promise<LearnerCourse> {
  const { course, teacherName, snapshot } = await loadLearnableCourse(app, actor, courseId);
  const lessons = lessonsOf(snapshot);
  const progress =
    lessons.length === 0
      ? []
      : await app.db
          .select()
          .from(videoProgress)
          .where(
            and(
              eq(videoProgress.userId, actor.userId),
              inArray(
                videoProgress.videoId,
                lessons.map((lesson) => lesson.id),
              ),
            ),
          );
  const byVideo = new Map(progress.map((row) => [row.videoId, row]));
  const done = lessons.filter((lesson) => byVideo.get(lesson.id)?.completedAt).length;
  return {
    id: course.id,
    title: snapshot.info.title,
    description: snapshot.info.description,
    category: snapshot.info.category,
    level: snapshot.info.level,
    language: snapshot.info.language,
    teacherName,
    progressPercent: percent(done, lessons.length),
    lessons: lessons.map((lesson) => {
      const row = byVideo.get(lesson.id);
      return {
        id: lesson.id,
        title: lesson.title,
        durationSeconds: lesson.durationSeconds,
        posterUrl: lesson.posterPath ? app.storage.signedUrl(lesson.posterPath) : null,
        playlistUrl: learnerPlaylistUrl(course.id, lesson.id),
        captionsUrl: lesson.captionsPath ? app.storage.signedUrl(lesson.captionsPath) : null,
        positionSeconds: row?.positionSeconds ?? 0,
        watchedSeconds: row?.watchedSeconds ?? 0,
        completed: Boolean(row?.completedAt),
      };
    }),
    faqs: snapshot.faqs.map((faq) => ({ id: faq.id, question: faq.question, answer: faq.answer })),
    materials: snapshot.materials.map((material) => ({
      id: material.id,
      title: material.title,
      url: app.storage.signedUrl(material.filePath),
    })),
  };
}

/**
 * Records where a subscriber is in a lesson of the live version and which parts they have watched: the
 * reported ranges are clamped to the video and merged with the saved ones, watched time is their union
 * (so replaying a part or jumping to the end adds nothing), and the lesson is completed once 90% of it has
 * been watched.
 */
export async function recordProgress(
  app: App,
  actor: Actor,
  videoId: string,
  body: { positionSeconds: number; watchedRanges: WatchRange[] },
) {
  const [row] = await app.db
    .select({ course: courses })
    .from(courses)
    .where(
      and(
        isNotNull(courses.approvedSnapshot),
        // The course is found from its live version's videos, not from the working rows.
        videoInSnapshot(videoId),
      ),
    )
    .limit(1);
  const snapshot = row ? liveSnapshot(row.course) : null;
  const video = snapshot?.videos.find((v) => v.id === videoId && v.kind === 'lesson');
  if (!row || !video) throw notFound(said('server.learning.videoNotFound'));
  if (!(await isSubscribed(app, actor.userId, row.course.id))) throw forbidden(SUBSCRIBE_FIRST_MESSAGE);
  const duration = video.durationSeconds ?? Number.POSITIVE_INFINITY;
  const position = Math.max(0, Math.min(body.positionSeconds, duration));
  const [existing] = await app.db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, actor.userId), eq(videoProgress.videoId, videoId)));
  const watchedRanges = mergeRanges([...(existing?.watchedRanges ?? []), ...body.watchedRanges], duration);
  const watchedSeconds = coveredSeconds(watchedRanges);
  const reached = Number.isFinite(duration) && duration > 0 && watchedSeconds >= duration * COMPLETION_SHARE;
  const completedAt = existing?.completedAt ?? (reached ? new Date() : null);
  try {
    await app.db
      .insert(videoProgress)
      .values({
        userId: actor.userId,
        videoId,
        positionSeconds: position,
        watchedSeconds,
        watchedRanges,
        completedAt,
      })
      .onConflictDoUpdate({
        target: [videoProgress.userId, videoProgress.videoId],
        set: { positionSeconds: position, watchedSeconds, watchedRanges, completedAt, updatedAt: new Date() },
      });
  } catch (error) {
    // The working video row is gone (deleted after approval): there is nothing to keep progress against.
    if ((error as { code?: string }).code === '23503') throw notFound(said('server.learning.videoNotFound'));
    throw error;
  }
  await markLearning(app.db, actor.userId);
  // Teacher insights: stretches watched again (docs/decisions/042); a failure there never fails the save.
  await countRewatches(app, {
    userId: actor.userId,
    videoId,
    reported: body.watchedRanges,
    watchedBefore: existing?.watchedRanges ?? [],
    durationSeconds: duration,
  }).catch((error: unknown) => app.log.warn({ err: error, videoId }, 'could not count re-watches'));
  // xAPI statements (decision 078): a save that added watched time; listeners only queue, and never throw here.
  if (watchedSeconds > (existing?.watchedSeconds ?? 0) && snapshot) {
    await announceLearning(app, {
      kind: 'lesson-watched',
      userId: actor.userId,
      course: { id: row.course.id, title: snapshot.info.title, language: snapshot.info.language },
      lesson: { id: videoId, title: video.title, durationSeconds: video.durationSeconds },
      watchedSeconds,
      watchedBeforeSeconds: existing?.watchedSeconds ?? 0,
      justCompleted: Boolean(completedAt) && !existing?.completedAt,
      at: new Date(),
    });
  }
  return { videoId, positionSeconds: position, watchedSeconds, completed: Boolean(completedAt) };
}

/** Courses whose live version holds a video of this id. */
const videoInSnapshot = (videoId: string) =>
  sql`${courses.approvedSnapshot} -> 'videos' @> ${JSON.stringify([{ id: videoId }])}::jsonb`;

/** The live course a share token names, or 404. */
export async function courseByShareToken(app: App, token: string) {
  const [found] = await app.db.select({ id: courses.id }).from(courses).where(eq(courses.shareToken, token));
  if (!found) throw notFound(said('server.learning.shareLinkInvalid'));
  return loadLiveCourse(app, found.id);
}
