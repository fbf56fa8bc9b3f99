import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { LIBRARY_MSG, type LibraryCue } from '../../../common/library';
import { THEME_COLORS } from '../../../common/theme-colors';
import { withAdvisoryLock } from '../../db/advisory-lock';
import { courseLibraries, librarySegments, storedFiles } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { said } from '../../i18n/said';
import { HLS_PLAYLIST, MediaError } from '../../media/ffmpeg';
import { captionsForSegments, concatSegments, packageLessonHls } from '../../media/lesson-assembly';
import { type AvatarCorner, renderSegment } from '../../media/narrated-segment';
import { readStoredBytes } from '../../providers/storage/storage';
import { putStoredFile, removeStoredFile } from '../files/uploads';
import type { LibraryRow } from './access';
import { DidLibraryError, didTalkingHead } from './did-segment';
import { pushGenerationState } from './generation-state';
import { renderThroughCache } from './render-cache';
import { segmentRenderHash } from './render-hash';
import { narrationWav } from './segment-speech';

export interface LibraryGenerationJob {
  libraryId: string;
  generationId: string;
}

type SegmentRow = typeof librarySegments.$inferSelect;

/** Segments take up to this share of the progress bar; joining and packaging the lesson the rest. */
const RENDER_SHARE = 90;
/** Segments rendered at once: one per core (each ffmpeg uses one thread). */
const RENDER_WORKERS = Math.max(1, Math.min(4, availableParallelism()));
/** Stored as the generation's error in its English (`.english`), as every stored status (decision 070). */
const UNEXPECTED = said('server.library.unexpected');
const FALLBACK_COLOR = THEME_COLORS.find((color) => color.key === 'indigo')?.hex ?? '#4c6ef5';

/**
 * The generation job (docs/decisions/014-course-library.md "Generating"). Records its own outcome — 'ready',
 * or 'failed' with a reason the owner can act on — and throws only when even that cannot be written. Stops
 * quietly when the library is gone or its generation id is no longer the job's (cancelled or superseded).
 */
export async function runLibraryGeneration(app: App, job: LibraryGenerationJob): Promise<void> {
  // One render of a library at a time: a resumed job and a newer request never write one library at once.
  await withAdvisoryLock(app.db, `library-generation:${job.libraryId}`, () => generateLocked(app, job));
}

async function loadLibrary(app: App, libraryId: string): Promise<LibraryRow | undefined> {
  const [library] = await app.db.select().from(courseLibraries).where(eq(courseLibraries.id, libraryId));
  return library;
}

async function workDir(app: App): Promise<string> {
  const root = path.join(app.config.dataDir, 'tmp');
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, 'library-'));
}

/** Copies a stored file to `file`; false when storage no longer has it. */
async function fetchStored(app: App, key: string, file: string): Promise<boolean> {
  const stored = await app.storage.read(key);
  if (!stored) return false;
  await pipeline(stored.stream, createWriteStream(file));
  return true;
}

const readStored = (app: App, key: string) => readStoredBytes(app.storage, key);

async function storedExists(app: App, key: string): Promise<boolean> {
  const stored = await app.storage.read(key);
  stored?.stream.destroy();
  return stored !== null;
}

/** A segment video no other segment points to (a copied segment may share one) is deleted. */
async function removeSegmentVideo(app: App, key: string): Promise<void> {
  const [shared] = await app.db
    .select({ id: librarySegments.id })
    .from(librarySegments)
    .where(eq(librarySegments.videoPath, key))
    .limit(1);
  if (!shared) await removeStoredFile(app, key);
}

/** A folder of stored files (an old HLS package), found through their records. */
async function removeStoredFolder(app: App, folder: string): Promise<void> {
  const files = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `${folder}/%`));
  for (const file of files) await removeStoredFile(app, file.path);
}

/**
 * The still picture drawn in the corner: a static avatar's image (without it the owner has something to
 * fix). A D-ID avatar is a talking head made per segment instead (did-segment.ts).
 */
async function avatarPicture(app: App, library: LibraryRow): Promise<Buffer | undefined> {
  if (library.avatarKind !== 'static') return undefined;
  const image = library.avatarImagePath ? await readStored(app, library.avatarImagePath) : null;
  if (!image) throw new MediaError(LIBRARY_MSG.staticAvatar);
  return image;
}

interface RenderedSegment {
  segment: SegmentRow;
  videoPath: string;
  durationSeconds: number;
  /** The MP4 in the work folder when it was rendered by this run (saves fetching it back). */
  localPath?: string;
}

/** Thrown inside the run to name the segment a failure belongs to. */
class SegmentFailure extends Error {
  constructor(
    readonly segmentId: string,
    readonly position: number,
    override readonly cause: unknown,
  ) {
    super('segment failed');
  }
}

async function generateLocked(app: App, job: LibraryGenerationJob): Promise<void> {
  const library = await loadLibrary(app, job.libraryId);
  if (!library || library.generationId !== job.generationId || library.status !== 'generating') return;
  const { ownerId } = library;
  const log = app.log.child({ job: 'library-generation', libraryId: library.id });
  const isCurrent = and(
    eq(courseLibraries.id, library.id),
    eq(courseLibraries.generationId, job.generationId),
    eq(courseLibraries.status, 'generating'),
  );
  const stillCurrent = async () => {
    const [row] = await app.db.select({ id: courseLibraries.id }).from(courseLibraries).where(isCurrent);
    return Boolean(row);
  };
  const push = () => pushGenerationState(app, ownerId, library.id);

  const work = await workDir(app);
  const stored: string[] = [];
  try {
    const segments = await app.db
      .select()
      .from(librarySegments)
      .where(eq(librarySegments.libraryId, library.id))
      .orderBy(asc(librarySegments.position));
    if (segments.length === 0)
      throw new MediaError('This library has no segments. Please add a slide first.');
    await app.db.update(courseLibraries).set({ stage: 'render', error: null }).where(isCurrent);

    // Read once, before any segment: a missing avatar image is the library's problem, not one segment's.
    const avatar = await avatarPicture(app, library);
    const style = {
      fontFamily: library.fontFamily,
      colorHex: THEME_COLORS.find((color) => color.key === library.themeColor)?.hex ?? FALLBACK_COLOR,
    };
    const results: (RenderedSegment | undefined)[] = new Array(segments.length);
    let next = 0;
    let done = 0;
    let stopped = false;
    // One segment per core at a time (each ffmpeg runs one thread): the lesson renders about twice as fast
    // on two cores as in order. Results keep the segments' order whatever order they finish in.
    const worker = async () => {
      while (!stopped && next < segments.length) {
        // Claimed before any await, so two workers never take the same segment.
        const index = next++;
        // Cancel and newer requests are seen here, between segments.
        if (!(await stillCurrent())) {
          stopped = true;
          return;
        }
        const segment = segments[index];
        const hash = segmentRenderHash(library, segment, index === 0);
        const reusable =
          segment.renderedHash === hash &&
          segment.videoPath !== null &&
          segment.durationSeconds !== null &&
          (await storedExists(app, segment.videoPath));
        if (reusable && segment.videoPath && segment.durationSeconds !== null) {
          if (segment.status !== 'ready') {
            await app.db
              .update(librarySegments)
              .set({ status: 'ready' })
              .where(eq(librarySegments.id, segment.id));
          }
          results[index] = {
            segment,
            videoPath: segment.videoPath,
            durationSeconds: segment.durationSeconds,
          };
        } else {
          await app.db
            .update(librarySegments)
            .set({ status: 'rendering' })
            .where(eq(librarySegments.id, segment.id));
          await push();
          try {
            results[index] = await renderOne(app, { library, segment, index, hash, work, style, avatar });
          } catch (error) {
            stopped = true;
            throw new SegmentFailure(segment.id, index + 1, error);
          }
        }
        done += 1;
        const progress = Math.round((RENDER_SHARE * done) / segments.length);
        // Two workers' updates may land out of order: progress only ever grows.
        await app.db
          .update(courseLibraries)
          .set({ progress: sql`greatest(${courseLibraries.progress}, ${progress})` })
          .where(isCurrent);
        await push();
      }
    };
    const workers = Array.from({ length: Math.min(RENDER_WORKERS, segments.length) }, worker);
    // Every worker ends before a failure is handled, so nothing is still writing while files are cleaned up.
    const outcomes = await Promise.allSettled(workers);
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    // Two segments may fail together (a D-ID outage): the owner reads about the first of them.
    failures.sort(
      (a, b) =>
        (a instanceof SegmentFailure ? a.position : 0) - (b instanceof SegmentFailure ? b.position : 0),
    );
    if (failures.length > 0) throw failures[0];
    if (stopped) return;
    const rendered = results.filter((result): result is RenderedSegment => result !== undefined);

    if (!(await stillCurrent())) return;
    await app.db.update(courseLibraries).set({ stage: 'saving' }).where(isCurrent);
    await push();

    const lesson = await assembleLesson(app, { library, job, rendered, work, stored });
    const [finished] = await app.db
      .update(courseLibraries)
      .set({
        ...lesson,
        status: 'ready',
        progress: 100,
        stage: null,
        error: null,
        generatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(isCurrent)
      .returning();
    if (!finished) {
      // Cancelled while saving: the library keeps its previous video.
      for (const key of stored) await removeStoredFile(app, key);
      return;
    }
    await removePreviousLesson(app, library, finished);
    log.info({ segments: segments.length, seconds: lesson.durationSeconds }, 'library generated');
    await push();
  } catch (error) {
    for (const key of stored) await removeStoredFile(app, key);
    const cause = error instanceof SegmentFailure ? error.cause : error;
    let reason = UNEXPECTED.english;
    if (cause instanceof MediaError) {
      // D-ID's messages are whole (they name the segment, or are about the key or credits).
      reason =
        error instanceof SegmentFailure && !(cause instanceof DidLibraryError)
          ? `Segment ${error.position}: ${cause.message}`
          : cause.message;
      log.warn({ err: cause, detail: cause.detail }, 'library generation failed');
    } else {
      log.error({ err: cause }, 'library generation failed unexpectedly');
    }
    const [failed] = await app.db
      .update(courseLibraries)
      .set({ status: 'failed', error: reason, stage: null, generationId: null, updatedAt: new Date() })
      .where(isCurrent)
      .returning({ id: courseLibraries.id });
    // Cancelled meanwhile: the owner asked to stop, so the failure is not theirs to read.
    if (!failed) return;
    // Segments left rendering by the stop are waiting again; the one that failed says so.
    await app.db
      .update(librarySegments)
      .set({ status: 'pending' })
      .where(and(eq(librarySegments.libraryId, library.id), eq(librarySegments.status, 'rendering')));
    if (error instanceof SegmentFailure) {
      await app.db
        .update(librarySegments)
        .set({ status: 'failed' })
        .where(eq(librarySegments.id, error.segmentId));
    }
    await push();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Speech (or, for a D-ID avatar, a talking head with its own speech), then the segment video, stored under a
 * key of its own (the old one is deleted once replaced).
 */
async function renderOne(
  app: App,
  input: {
    library: LibraryRow;
    segment: SegmentRow;
    index: number;
    hash: string;
    work: string;
    style: { fontFamily: string; colorHex: string };
    avatar: Buffer | undefined;
  },
): Promise<RenderedSegment> {
  const { library, segment, index, hash, work } = input;
  const slidePng = await readStored(app, segment.slidePath);
  if (!slidePng) {
    throw new MediaError('Its slide image is missing. Please choose the slide again or delete this segment.');
  }
  const text = segment.description.trim();
  if (!text) throw new MediaError('It has no narration. Please write what should be said over this slide.');
  const outPath = path.join(work, `segment-${index}.mp4`);
  const title = index === 0 ? library.title : undefined;
  // The demo seed's cache by content (render-cache.ts) answers first when it is on; otherwise it renders.
  const durationSeconds = await renderThroughCache(
    app,
    library,
    { slidePng, narration: text, title, style: input.style, avatar: input.avatar, outPath },
    async () => {
      // A D-ID talking head speaks the narration itself, so its own audio is the segment's (lip sync).
      const talkingHead =
        library.avatarKind === 'd_id'
          ? await didTalkingHead(app, { library, text, segmentNumber: index + 1, work })
          : undefined;
      const wav = talkingHead?.narrationWav ?? (await narrationWav(app, library, text));
      const rendered = await renderSegment({
        slidePng,
        narrationWav: wav,
        title,
        captionStyle: input.style,
        avatarPng: input.avatar,
        avatarVideoPath: talkingHead?.videoPath,
        avatarCorner: library.avatarCorner as AvatarCorner,
        outPath,
      });
      return rendered.durationSeconds;
    },
  );
  const key = `libraries/${library.id}/segments/${segment.id}-${hash.slice(0, 8)}.mp4`;
  await putStoredFile(app, library.ownerId, key, outPath, 'video/mp4');
  const [updated] = await app.db
    .update(librarySegments)
    .set({ renderedHash: hash, videoPath: key, durationSeconds, status: 'ready', updatedAt: new Date() })
    .where(eq(librarySegments.id, segment.id))
    .returning({ id: librarySegments.id });
  if (!updated) {
    await removeStoredFile(app, key);
    throw new MediaError('The segments changed while the video was generating. Please generate it again.');
  }
  if (segment.videoPath && segment.videoPath !== key) await removeSegmentVideo(app, segment.videoPath);
  return { segment, videoPath: key, durationSeconds, localPath: outPath };
}

/**
 * Joins the segments, packages HLS (libraries/<id>/hls-<generation8>/, the layout sendHlsFile reads), and
 * stores the MP4, captions and poster under names of this generation, so the previous video keeps playing
 * until the library row points at the new one.
 */
async function assembleLesson(
  app: App,
  input: {
    library: LibraryRow;
    job: LibraryGenerationJob;
    rendered: RenderedSegment[];
    work: string;
    stored: string[];
  },
) {
  const { library, rendered, work, stored } = input;
  const parts: string[] = [];
  for (const [index, part] of rendered.entries()) {
    if (part.localPath) {
      parts.push(part.localPath);
      continue;
    }
    const file = path.join(work, `part-${index}.mp4`);
    if (!(await fetchStored(app, part.videoPath, file))) {
      throw new MediaError(
        `The video of segment ${index + 1} is missing from storage. Please generate the library again.`,
      );
    }
    parts.push(file);
  }
  const lessonFile = path.join(work, 'lesson.mp4');
  await concatSegments(parts, lessonFile);
  const hlsDir = path.join(work, 'hls');
  await mkdir(hlsDir);
  const hls = await packageLessonHls(lessonFile, hlsDir);

  const texts = rendered.map((part) => ({
    text: part.segment.description.trim(),
    durationSeconds: part.durationSeconds,
  }));
  const captionsFile = path.join(work, 'captions.vtt');
  await writeFile(captionsFile, captionsForSegments(texts));

  const generation = input.job.generationId.slice(0, 8);
  const folder = `libraries/${library.id}`;
  const hlsFolder = `${folder}/hls-${generation}`;
  const outputs: [string, string, string][] = [
    ...hls.segments.map((name): [string, string, string] => [
      path.join(hlsDir, name),
      `${hlsFolder}/${name}`,
      'video/mp2t',
    ]),
    // The playlist last: a folder with a playlist is complete.
    [path.join(hlsDir, hls.playlist), `${hlsFolder}/${HLS_PLAYLIST}`, 'application/vnd.apple.mpegurl'],
    [path.join(hlsDir, hls.poster), `${folder}/poster-${generation}.jpg`, 'image/jpeg'],
    [captionsFile, `${folder}/captions-${generation}.vtt`, 'text/vtt'],
    [lessonFile, `${folder}/lesson-${generation}.mp4`, 'video/mp4'],
  ];
  for (const [file, key, type] of outputs) {
    await putStoredFile(app, library.ownerId, key, file, type);
    stored.push(key);
  }

  // Cue edges are the cumulative durations rounded once to the millisecond, as the captions' are.
  const cues: LibraryCue[] = [];
  let elapsed = 0;
  for (const [index, part] of rendered.entries()) {
    const startSeconds = Math.round(elapsed * 1000) / 1000;
    elapsed += part.durationSeconds;
    cues.push({
      segmentId: part.segment.id,
      slide: index + 1,
      heading: part.segment.heading,
      text: part.segment.description.trim(),
      startSeconds,
      endSeconds: Math.round(elapsed * 1000) / 1000,
    });
  }
  return {
    videoPath: `${folder}/lesson-${generation}.mp4`,
    hlsPath: `${hlsFolder}/${HLS_PLAYLIST}`,
    captionsPath: `${folder}/captions-${generation}.vtt`,
    posterPath: `${folder}/poster-${generation}.jpg`,
    durationSeconds: Math.round(elapsed * 1000) / 1000,
    cues,
  };
}

/** The files of the library's previous video, once the row points at the new ones. */
async function removePreviousLesson(app: App, before: LibraryRow, after: LibraryRow): Promise<void> {
  for (const column of ['videoPath', 'captionsPath', 'posterPath'] as const) {
    const old = before[column];
    if (old && old !== after[column]) await removeStoredFile(app, old);
  }
  if (before.hlsPath && before.hlsPath !== after.hlsPath) {
    await removeStoredFolder(app, path.posix.dirname(before.hlsPath));
  }
}

/** Libraries left generating by a stopped process: the jobs to send again, with their generation ids. */
export async function unfinishedGenerations(
  app: App,
): Promise<{ libraryId: string; generationId: string | null }[]> {
  return app.db
    .select({ libraryId: courseLibraries.id, generationId: courseLibraries.generationId })
    .from(courseLibraries)
    .where(eq(courseLibraries.status, 'generating'));
}
