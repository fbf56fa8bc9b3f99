import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { type CourseRow, type CourseVideoRow, courseVideos } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertStorageQuota, putStoredFile, removeStoredFile } from '../files/uploads';
import { courseSourcesChanged } from '../gurus/training/course-changes';
import { touchCourse } from './service';
import type { CourseSnapshot } from './snapshot';
import { videoFolder } from './video-service';

export const CAPTIONS_MAX_BYTES = 2 * 1024 * 1024;
export const NOT_CAPTIONS_MESSAGE = said('server.courses.notCaptions');
const CAPTIONS_TYPE = 'text/vtt';

const notCaptions = () => new AppError('INVALID_FILE', NOT_CAPTIONS_MESSAGE);

/** An SRT cue timing line: `00:00:01,000 --> 00:00:04,000` (hours may be one digit, `.` is tolerated). */
const SRT_TIMING = /^(\d{1,2}:\d{2}:\d{2})[,.](\d{3})\s*-->\s*(\d{1,2}:\d{2}:\d{2})[,.](\d{3})(.*)$/;
const VTT_HEADER = /^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/;

/**
 * Turns uploaded caption bytes into WebVTT text, judged by the bytes and never the name: WebVTT (an optional
 * BOM, then `WEBVTT`) is kept as it is; SubRip (a cue number, then a timing line) is converted. Anything
 * else — binary files, plain text — is INVALID_FILE.
 */
export function toWebVtt(bytes: Buffer): string {
  // Caption files are text: a NUL byte means an image, a video or some other binary file.
  if (bytes.includes(0)) throw notCaptions();
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  if (text.includes('\uFFFD')) throw notCaptions();
  if (VTT_HEADER.test(text)) return text;

  const lines = text.trimStart().split('\n');
  // SRT: blocks of an index line, a timing line, the text, then a blank line.
  if (!/^\d+\s*$/.test(lines[0] ?? '') || !SRT_TIMING.test(lines[1]?.trim() ?? '')) throw notCaptions();
  const cues = lines.map((line) => {
    const match = SRT_TIMING.exec(line.trim());
    if (!match) return line;
    const [, start, startMs, end, endMs, rest] = match;
    const pad = (time: string) => time.padStart(8, '0');
    return `${pad(start)}.${startMs} --> ${pad(end)}.${endMs}${rest}`;
  });
  return `WEBVTT\n\n${cues.join('\n').trim()}\n`;
}

/** Reads one uploaded caption file of at most 2 MB. */
async function readCaptions(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      said('server.courses.captionsTooLarge', { max: CAPTIONS_MAX_BYTES / 1024 ** 2 }),
    );
  }
  if (bytes.length === 0) throw notCaptions();
  return bytes;
}

/** Whether the live (approved) version still shows this captions file to students. */
function liveUses(course: CourseRow, key: string): boolean {
  const snapshot = course.approvedSnapshot as CourseSnapshot | null;
  return Boolean(snapshot?.videos?.some((video) => video.captionsPath === key));
}

/**
 * Adds or replaces the captions of a ready video. Each upload gets a new name in the video's folder, so a
 * replacement never changes what the approved version's students see until the course is approved again.
 */
export async function setCaptions(
  app: App,
  course: CourseRow,
  video: CourseVideoRow,
  part: MultipartFile,
): Promise<CourseVideoRow> {
  if (video.processingStatus !== 'ready') {
    throw new AppError('CONFLICT', said('server.courses.captionsNotReady'));
  }
  const vtt = Buffer.from(toWebVtt(await readCaptions(part)), 'utf8');
  await assertStorageQuota(app, course.ownerId, vtt.length);
  const key = `${videoFolder(course.id, video.id)}/captions-${randomBytes(4).toString('hex')}.vtt`;
  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-captions-'));
  try {
    const file = path.join(work, 'captions.vtt');
    await writeFile(file, vtt);
    await putStoredFile(app, course.ownerId, key, file, CAPTIONS_TYPE);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const [updated] = await app.db
    .update(courseVideos)
    .set({ captionsPath: key })
    .where(eq(courseVideos.id, video.id))
    .returning();
  await touchCourse(app, course);
  if (video.captionsPath && !liveUses(course, video.captionsPath)) {
    await removeStoredFile(app, video.captionsPath);
  }
  await courseSourcesChanged(app, course.id, video.id);
  return updated ?? { ...video, captionsPath: key };
}

/** Removes a video's captions; the file stays while the approved version still uses it. */
export async function removeCaptions(
  app: App,
  course: CourseRow,
  video: CourseVideoRow,
): Promise<CourseVideoRow> {
  if (!video.captionsPath) return video;
  const [updated] = await app.db
    .update(courseVideos)
    .set({ captionsPath: null })
    .where(eq(courseVideos.id, video.id))
    .returning();
  await touchCourse(app, course);
  if (!liveUses(course, video.captionsPath)) await removeStoredFile(app, video.captionsPath);
  await courseSourcesChanged(app, course.id, video.id);
  return updated ?? { ...video, captionsPath: null };
}
