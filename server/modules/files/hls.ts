import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CourseVideoRow } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { HLS_CACHE_CONTROL } from '../../http/stored-file-headers';
import { said } from '../../i18n/said';
import { HLS_PLAYLIST, HLS_SEGMENT_PATTERN } from '../../media/ffmpeg';

// Stored HLS packages (course lessons, previews, library videos), read and streamed once the caller's route
// has decided they may watch.
const HLS_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/** One file of a ready video's HLS package (the playlist or a segment), or 404. */
export async function readHlsFile(
  app: App,
  video: Pick<CourseVideoRow, 'processingStatus' | 'hlsPath'>,
  file: string,
) {
  if (video.processingStatus !== 'ready' || !video.hlsPath)
    throw notFound(said('server.files.videoNotReady'));
  if (file !== HLS_PLAYLIST && !HLS_SEGMENT_PATTERN.test(file)) throw notFound(said('server.files.notFound'));
  const folder = path.posix.dirname(video.hlsPath);
  const stored = await app.storage.read(`${folder}/${file}`);
  if (!stored) throw notFound(said('server.files.notFound'));
  const contentType = HLS_TYPES[path.extname(file)];
  const { sharedUrl } = app.storage;
  if (file !== HLS_PLAYLIST || !sharedUrl) return { ...stored, contentType };
  // The store serves the segments (S3, perhaps behind a CDN): the playlist, still given only to those who may
  // watch, names them by shared signed URLs, and the app no longer streams every segment of every viewer.
  const playlist = Buffer.from(
    segmentsFromStore(await text(stored.stream), (segment) => sharedUrl(`${folder}/${segment}`)),
  );
  return { stream: Readable.from([playlist]), size: playlist.length, contentType };
}

/** The playlist with each segment line (a relative name) replaced by `urlOf(name)`; tags stay as they are. */
export function segmentsFromStore(playlist: string, urlOf: (segment: string) => string): string {
  return playlist
    .split('\n')
    .map((line) => (HLS_SEGMENT_PATTERN.test(line.trim()) ? urlOf(line.trim()) : line))
    .join('\n');
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Answers with one file of a ready video's HLS package: the one way every player route (authors, learners,
 * public previews) streams, once it has decided the caller may watch.
 */
export async function sendHlsFile(
  app: App,
  reply: FastifyReply,
  video: Pick<CourseVideoRow, 'processingStatus' | 'hlsPath'>,
  file: string,
) {
  const found = await readHlsFile(app, video, file);
  return reply
    .header('content-type', found.contentType)
    .header('content-length', found.size)
    .header('cache-control', HLS_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .send(found.stream);
}
