import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { CourseVideo, VideoKind, VideoProcessingEvent } from '../../../common/contracts/course-content';
import { ALLOWED_VIDEO_TYPES, storableBaseName, storableText } from '../../../common/files';
import {
  type CourseRow,
  type CourseVideoRow,
  courses,
  courseVideos,
  storedFiles,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import {
  HLS_PLAYLIST,
  MediaError,
  packageHls,
  packagingTimeoutMs,
  probeVideo,
  type VideoProbe,
} from '../../media/ffmpeg';
import { packageLessonHls } from '../../media/lesson-assembly';
import { notifyUser } from '../../realtime/notify-user';
import {
  assertStorageQuota,
  putStoredFile,
  removeStoredFile,
  type SniffedFile,
  sniffFile,
} from '../files/uploads';
import { courseSourcesChanged, gurusLearningFrom, retrainGurus } from '../gurus/training/course-changes';
import { touchCourse } from './service';
import type { CourseSnapshot } from './snapshot';

export const PACKAGE_VIDEO_JOB = 'package-video';

export const NOT_A_VIDEO_MESSAGE = said('server.courses.notAVideo');
const SNIFF_BYTES = 4100;
/** Progress events (and progress writes) at most every this many percent. */
const PROGRESS_STEP = 5;

export interface PackageVideoJob {
  videoId: string;
  /** Who uploaded it: told of progress with the course owner. */
  uploaderId: string;
}

/** The lessons of a course that can be played: packaged and ready (what an export takes, in order). */
export const readyLessonsOf = (courseId: string) =>
  and(
    eq(courseVideos.courseId, courseId),
    eq(courseVideos.kind, 'lesson'),
    eq(courseVideos.processingStatus, 'ready'),
  );

export const videoFolder = (courseId: string, videoId: string) => `courses/${courseId}/videos/${videoId}`;

/** The browser's path to a ready video's playlist; its segments are named relative to it. */
export const playlistUrl = (video: Pick<CourseVideoRow, 'courseId' | 'id'>) =>
  `/api/courses/${video.courseId}/videos/${video.id}/hls/${HLS_PLAYLIST}`;

/** A video as its authors see it. */
export function presentVideo(app: App, video: CourseVideoRow): CourseVideo {
  const ready = video.processingStatus === 'ready';
  return {
    id: video.id,
    courseId: video.courseId,
    kind: video.kind as VideoKind,
    title: video.title,
    position: video.position,
    status: video.processingStatus as VideoProcessingEvent['status'],
    progress: video.processingProgress,
    error: video.processingError,
    durationSeconds: video.durationSeconds,
    width: video.width,
    height: video.height,
    posterUrl: ready && video.posterPath ? app.storage.signedUrl(video.posterPath) : null,
    playlistUrl: ready && video.hlsPath ? playlistUrl(video) : null,
    captionsUrl: video.captionsPath ? app.storage.signedUrl(video.captionsPath) : null,
    createdAt: video.createdAt.toISOString(),
  };
}

/** A working folder on the data disk (uploads can be large; /tmp may be memory). */
async function workDir(app: App): Promise<string> {
  const root = path.join(app.config.dataDir, 'tmp');
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, 'video-'));
}

/**
 * Streams the uploaded file to disk, checking its first bytes on the way: anything that is not an MP4,
 * WebM, MOV or MKV video stops the upload there with INVALID_FILE.
 */
async function receiveVideo(
  part: MultipartFile,
  file: string,
): Promise<{ sniffed: SniffedFile; size: number }> {
  let head = Buffer.alloc(0);
  let sniffed: SniffedFile | null = null;
  let size = 0;
  const check = async () => {
    const found = await sniffFile(head);
    if (!found || !(ALLOWED_VIDEO_TYPES as readonly string[]).includes(found.mime)) {
      throw new AppError('INVALID_FILE', NOT_A_VIDEO_MESSAGE);
    }
    sniffed = found;
  };
  await pipeline(
    part.file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (sniffed) {
          yield chunk;
          continue;
        }
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          await check();
          yield head;
        }
      }
      if (!sniffed) {
        await check();
        yield head;
      }
    },
    createWriteStream(file),
  );
  if (!sniffed) throw new AppError('INVALID_FILE', NOT_A_VIDEO_MESSAGE);
  return { sniffed, size };
}

function inputError(error: unknown): never {
  if (error instanceof MediaError && error.kind === 'input') {
    throw new AppError(
      'INVALID_FILE',
      error.message === 'This file is not a video we can read.' ||
        error.message === 'This file has no video picture.'
        ? NOT_A_VIDEO_MESSAGE
        : said('server.courses.unreadableVideo', { reason: error.message }),
    );
  }
  if (error instanceof MediaError) throw new AppError('UNAVAILABLE', error.message);
  throw error;
}

/**
 * Receives one uploaded video for a course: checks type and quota, keeps the original in storage, adds the
 * row (processing, last position of its kind), marks the course edited and queues the packaging job.
 */
export async function uploadVideo(
  app: App,
  actor: Actor,
  course: CourseRow,
  options: { kind: VideoKind; title?: string; part: MultipartFile },
): Promise<CourseVideoRow> {
  const { part, kind } = options;
  const work = await workDir(app);
  try {
    const upload = path.join(work, 'upload');
    const { sniffed, size } = await receiveVideo(part, upload);
    if (part.file.truncated) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        // A string: a limit of 1000 MB or more reads "2048 MB" as before, not "2,048 MB".
        said('server.courses.videoTooLarge', {
          max: String(Math.floor(app.config.videoUploadMaxBytes / 1024 ** 2)),
        }),
      );
    }
    await assertStorageQuota(app, course.ownerId, size);
    const probe: VideoProbe = await probeVideo(upload).catch(inputError);

    const videoId = randomUUID();
    const sourcePath = `${videoFolder(course.id, videoId)}/source.${sniffed.ext}`;
    await putStoredFile(app, course.ownerId, sourcePath, upload, sniffed.mime);
    const title = storableText(options.title) || storableBaseName(part.filename) || 'Untitled video';
    const [video] = await app.db
      .insert(courseVideos)
      .values({
        id: videoId,
        courseId: course.id,
        kind,
        title,
        position: sql`(select coalesce(max(${courseVideos.position}) + 1, 0) from ${courseVideos} where ${courseVideos.courseId} = ${course.id} and ${courseVideos.kind} = ${kind})`,
        sourcePath,
        durationSeconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
        processingStatus: 'processing',
        processingProgress: 0,
      })
      .returning();
    await touchCourse(app, course);

    await queuePackaging(app, { videoId, uploaderId: actor.userId }, probe.durationSeconds);
    // Inline jobs have already run; with pg-boss this is still the row as inserted.
    const [current] = await app.db.select().from(courseVideos).where(eq(courseVideos.id, videoId));
    return current ?? video;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Queues the packaging job for a video in processing; when the queue refuses, the video is marked failed
 * and the caller gets UNAVAILABLE.
 */
export async function queuePackaging(app: App, job: PackageVideoJob, durationSeconds: number | null) {
  try {
    await app.jobs.send(PACKAGE_VIDEO_JOB, job, {
      expireInSeconds: packagingTimeoutMs(durationSeconds ?? 0) / 1000 + 300,
    });
  } catch (error) {
    app.log.error({ err: error, videoId: job.videoId }, 'could not queue the video for packaging');
    await app.db
      .update(courseVideos)
      .set({ processingStatus: 'failed', processingError: said('server.courses.notQueued').english })
      .where(eq(courseVideos.id, job.videoId));
    throw new AppError('UNAVAILABLE', said('server.courses.notQueuedRetry'));
  }
}

/** The background job: probe, package as HLS with a poster into storage, and report progress live. */
export async function packageVideo(app: App, job: PackageVideoJob): Promise<void> {
  const [found] = await app.db
    .select({ video: courseVideos, ownerId: courses.ownerId })
    .from(courseVideos)
    .innerJoin(courses, eq(courses.id, courseVideos.courseId))
    .where(eq(courseVideos.id, job.videoId));
  // Deleted meanwhile, or already packaged by an earlier run.
  if (!found) return;
  const { video, ownerId } = found;
  const sourcePath = video.sourcePath;
  if (video.processingStatus !== 'processing' || !sourcePath) return;
  const log = app.log.child({ job: PACKAGE_VIDEO_JOB, videoId: video.id });
  const recipients = [...new Set([ownerId, job.uploaderId])];
  const emit = (event: Omit<VideoProcessingEvent, 'courseId' | 'videoId'>) => {
    const payload: VideoProcessingEvent = { courseId: video.courseId, videoId: video.id, ...event };
    for (const userId of recipients) void notifyUser(app, userId, 'videoProcessing', payload);
  };

  const started = Date.now();
  const work = await workDir(app);
  const stored: string[] = [];
  try {
    const source = await app.storage.read(sourcePath);
    if (!source) throw new MediaError('The uploaded video is missing from storage.', sourcePath, 'system');
    const input = path.join(work, `source${path.extname(sourcePath)}`);
    await pipeline(source.stream, createWriteStream(input));
    const probe = await probeVideo(input);

    // Progress is written and sent at most every 5%, in order; 100 is sent once the files are stored.
    let lastSent = -PROGRESS_STEP;
    let writes = Promise.resolve();
    const onProgress = (percent: number) => {
      if (percent >= 100 || percent < lastSent + PROGRESS_STEP) return;
      lastSent = percent;
      emit({ status: 'processing', progress: percent });
      writes = writes.then(async () => {
        await app.db
          .update(courseVideos)
          .set({ processingProgress: percent })
          .where(and(eq(courseVideos.id, video.id), eq(courseVideos.processingStatus, 'processing')));
      });
    };
    const outDir = path.join(work, 'hls');
    await mkdir(outDir);
    // A lesson copied from a course library is already cut for HLS (a key frame every 6 s): stream copy, no
    // re-encoding (packageLessonHls re-encodes whatever is not).
    const result = video.libraryId
      ? await packageLessonHls(input, outDir)
      : await packageHls(input, outDir, onProgress, { probe });
    await writes;

    const folder = videoFolder(video.courseId, video.id);
    const outputs: [string, string, string][] = [
      [result.playlist, `${folder}/hls/${result.playlist}`, 'application/vnd.apple.mpegurl'],
      ...result.segments.map((name): [string, string, string] => [
        name,
        `${folder}/hls/${name}`,
        'video/mp2t',
      ]),
      [result.poster, `${folder}/poster.jpg`, 'image/jpeg'],
    ];
    for (const [name, key, type] of outputs) {
      await putStoredFile(app, ownerId, key, path.join(outDir, name), type);
      stored.push(key);
    }
    const [updated] = await app.db
      .update(courseVideos)
      .set({
        processingStatus: 'ready',
        processingProgress: 100,
        processingError: null,
        hlsPath: `${folder}/hls/${result.playlist}`,
        posterPath: `${folder}/poster.jpg`,
        durationSeconds: probe.durationSeconds,
        width: probe.width,
        height: probe.height,
      })
      .where(and(eq(courseVideos.id, video.id), eq(courseVideos.processingStatus, 'processing')))
      .returning();
    if (!updated) {
      log.info('video deleted while it was packaged; its files are removed');
      for (const key of stored) await removeStoredFile(app, key);
      return;
    }
    log.info({ ms: Date.now() - started, segments: result.segments.length }, 'video packaged');
    emit({ status: 'ready', progress: 100 });
  } catch (error) {
    log.warn(
      { err: error, detail: error instanceof MediaError ? error.detail : undefined },
      'packaging failed',
    );
    for (const key of stored) await removeStoredFile(app, key);
    const message =
      error instanceof MediaError ? error.message : said('server.courses.processingFailed').english;
    const [failed] = await app.db
      .update(courseVideos)
      .set({ processingStatus: 'failed', processingError: message })
      .where(and(eq(courseVideos.id, video.id), eq(courseVideos.processingStatus, 'processing')))
      .returning();
    if (failed) emit({ status: 'failed', progress: failed.processingProgress, error: message });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function listVideos(app: App, course: CourseRow, kind?: VideoKind): Promise<CourseVideoRow[]> {
  return app.db
    .select()
    .from(courseVideos)
    .where(and(eq(courseVideos.courseId, course.id), kind ? eq(courseVideos.kind, kind) : undefined))
    .orderBy(asc(courseVideos.kind), asc(courseVideos.position), asc(courseVideos.createdAt));
}

export async function loadVideo(app: App, course: CourseRow, videoId: string): Promise<CourseVideoRow> {
  const [video] = await app.db
    .select()
    .from(courseVideos)
    .where(and(eq(courseVideos.id, videoId), eq(courseVideos.courseId, course.id)));
  if (!video) throw notFound(said('server.courses.videoNotFound'));
  return video;
}

/**
 * Renames a video and/or moves it to another place among the videos of its kind (0 = first); the others
 * close up around it, so positions stay 0..n-1.
 */
export async function updateVideo(
  app: App,
  course: CourseRow,
  video: CourseVideoRow,
  changes: { title?: string; position?: number },
): Promise<CourseVideoRow> {
  const renamed = changes.title !== undefined && changes.title !== video.title;
  // Saving the same name is no edit: an approved course stays approved.
  if (!renamed && changes.position === undefined) return video;
  await app.db.transaction(async (tx) => {
    if (renamed) {
      await tx.update(courseVideos).set({ title: changes.title }).where(eq(courseVideos.id, video.id));
    }
    if (changes.position !== undefined) {
      const siblings = await tx
        .select({ id: courseVideos.id, position: courseVideos.position })
        .from(courseVideos)
        .where(and(eq(courseVideos.courseId, course.id), eq(courseVideos.kind, video.kind)))
        .orderBy(asc(courseVideos.position), asc(courseVideos.createdAt))
        .for('update');
      const order = siblings.filter((s) => s.id !== video.id);
      order.splice(Math.min(changes.position, order.length), 0, { id: video.id, position: video.position });
      for (const [index, sibling] of order.entries()) {
        if (sibling.position !== index || sibling.id === video.id) {
          await tx.update(courseVideos).set({ position: index }).where(eq(courseVideos.id, sibling.id));
        }
      }
    }
  });
  await touchCourse(app, course);
  // Captions passages carry the video's title (citations show it).
  if (renamed && video.captionsPath) {
    await courseSourcesChanged(app, course.id, video.id);
  }
  return loadVideo(app, course, video.id);
}

/**
 * Deletes a video and its files. Files of a video that the live (approved) version still shows stay in
 * storage for its students until a newer version is approved.
 */
export async function deleteVideo(app: App, course: CourseRow, video: CourseVideoRow): Promise<void> {
  // Found before the delete, which takes the gurus' choice of this video with it.
  const learning = video.captionsPath ? await gurusLearningFrom(app, course.id, video.id) : [];
  await app.db.delete(courseVideos).where(eq(courseVideos.id, video.id));
  await touchCourse(app, course);
  await removeVideoFiles(app, course, video);
  await retrainGurus(app, learning);
}

/** The files of a deleted video, unless the live (approved) version still shows it. */
async function removeVideoFiles(app: App, course: CourseRow, video: CourseVideoRow): Promise<void> {
  const live = (course.approvedSnapshot as CourseSnapshot | null)?.videos?.some((v) => v.id === video.id);
  if (live) return;
  const files = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `${videoFolder(course.id, video.id)}/%`));
  for (const file of files) await removeStoredFile(app, file.path);
}
