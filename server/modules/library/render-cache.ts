import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../../http/app-type';
import type { LibraryRow } from './access';
import { narrationWav } from './segment-speech';

/**
 * A cache of rendered segments by content (decision 060), for the demo seed only: every test database and
 * every first start makes the same demo lessons, and minutes of narrated video must not be spoken and
 * rendered again each time. Only the libraries the seed names ({@link cacheSegmentsOf}) use it: a teacher's
 * library never reads or writes it, even while the demo is being made beside it (the first start serves
 * while the seed runs).
 *
 * A segment is found by everything its video is made from: the slide's bytes, the narration text, the title
 * band, the look, the avatar's bytes, and a fingerprint of the voice — a short phrase spoken by the speaker
 * in use, so a different engine, voice or setting (another speaker, a new local voice) misses the cache
 * rather than replaying an old recording.
 */
/** The seed's libraries being generated, each with the cache's folder. */
const cachedLibraries = new Map<string, string>();

/**
 * Bumped when renderSegment's output changes for the same inputs (codec settings, filters). Not for still
 * slides at one picture a second (decision 059, 2026-11-28): a cached 10 fps segment shows the same pictures
 * and joins with new ones by stream copy (same SPS), so every machine's cache stays good.
 */
const CACHE_VERSION = 1;

/** Renders the library's segments through the cache in `dir` (null: no longer). The seed calls it around each demo library's generation. */
export function cacheSegmentsOf(libraryId: string, dir: string | null): void {
  if (dir) cachedLibraries.set(libraryId, dir);
  else cachedLibraries.delete(libraryId);
}

/** What the voice fingerprint speaks: short, so it costs a fraction of a second. */
export const VOICE_PROBE_TEXT = 'Gurukul, one two three.';

/** The voice fingerprint of each library being generated (one short phrase per generation, not per segment). */
const probes = new WeakMap<LibraryRow, Promise<Buffer>>();

/**
 * A segment's duration, its video written to `input.outPath`: from the cache when it is on and has it, else
 * from `render` (whose video is then kept). A D-ID talking head is never cached (it is made per request).
 */
export async function renderThroughCache(
  app: App,
  library: LibraryRow,
  input: Omit<SegmentCacheInputs, 'voiceProbe' | 'corner'> & { outPath: string },
  render: () => Promise<number>,
): Promise<number> {
  const dir = cachedLibraries.get(library.id);
  if (!dir || library.avatarKind === 'd_id') return render();
  let probe = probes.get(library);
  if (!probe) {
    probe = narrationWav(app, library, VOICE_PROBE_TEXT);
    probes.set(library, probe);
  }
  const key = segmentCacheKey({ ...input, voiceProbe: await probe, corner: library.avatarCorner });
  const cached = await readCachedSegment(dir, key, input.outPath);
  if (cached !== null) return cached;
  const durationSeconds = await render();
  // A cache that cannot be written (a full disk) only means the next seed renders again.
  await writeCachedSegment(dir, key, input.outPath, durationSeconds).catch(() => {});
  return durationSeconds;
}

export interface SegmentCacheInputs {
  slidePng: Buffer;
  narration: string;
  voiceProbe: Buffer;
  title: string | undefined;
  style: { fontFamily: string; colorHex: string };
  avatar: Buffer | undefined;
  corner: string;
}

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export function segmentCacheKey(input: SegmentCacheInputs): string {
  return sha(
    JSON.stringify({
      version: CACHE_VERSION,
      slide: sha(input.slidePng),
      narration: input.narration,
      voice: sha(input.voiceProbe),
      title: input.title ?? '',
      style: input.style,
      avatar: input.avatar ? sha(input.avatar) : '',
      corner: input.avatar ? input.corner : '',
    }),
  );
}

/** Copies a cached segment to `outPath`: its duration, or null when it is not cached. */
export async function readCachedSegment(dir: string, key: string, outPath: string): Promise<number | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as {
      durationSeconds?: unknown;
    };
    if (typeof meta.durationSeconds !== 'number') return null;
    await copyFile(path.join(dir, `${key}.mp4`), outPath);
    return meta.durationSeconds;
  } catch {
    return null;
  }
}

/** Keeps a rendered segment; the video first and the record last, each by rename, so readers see both or none. */
export async function writeCachedSegment(
  dir: string,
  key: string,
  videoPath: string,
  durationSeconds: number,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const part = `.${process.pid}-${Date.now()}`;
  await copyFile(videoPath, path.join(dir, `${key}.mp4${part}`));
  await rename(path.join(dir, `${key}.mp4${part}`), path.join(dir, `${key}.mp4`));
  await writeFile(path.join(dir, `${key}.json${part}`), JSON.stringify({ durationSeconds }));
  await rename(path.join(dir, `${key}.json${part}`), path.join(dir, `${key}.json`));
}
