import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createCanvas } from '@napi-rs/canvas';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationState } from '../../../common/contracts/library';
import { LIBRARY_MSG } from '../../../common/library';
import { courseLibraries, librarySegments } from '../../db/schema/index';
import { mp4Tracks } from '../../media/lesson-assembly';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { readHlsFile } from '../files/hls';
import type { LibraryRow } from './access';
import {
  cancelGeneration,
  generationState,
  LIBRARY_GENERATION_QUEUE,
  LIBRARY_PROGRESS_EVENT,
  queueGeneration,
  resumeGenerations,
} from './generation';
import { type LibraryGenerationJob, runLibraryGeneration } from './generation-run';

let ctx: TestContext;
let ownerId: string;
let work: string;
/** Every 'library-progress' event sent to the owner's room, in order. */
const pushed: GenerationState[] = [];
/** Called with each pushed state (the cancel test stops a generation from here). */
let onPush: ((state: GenerationState) => void) | null = null;

function slidePng(label: string): Buffer {
  const canvas = createCanvas(320, 180);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 320, 180);
  context.fillStyle = '#1a1b1e';
  context.font = 'bold 28px "DejaVu Sans"';
  context.fillText(label, 20, 90);
  return canvas.toBuffer('image/png');
}

/** A library straight in the database: slides stored as PNGs, narrations of a few words each. */
async function makeLibrary(title: string, narrations: string[]): Promise<LibraryRow> {
  const [library] = await ctx.app.db.insert(courseLibraries).values({ ownerId, title }).returning();
  for (const [index, description] of narrations.entries()) {
    const slidePath = `libraries/${library.id}/slides/${index + 1}.png`;
    await ctx.app.storage.put(slidePath, slidePng(`Slide ${index + 1}`), 'image/png');
    await ctx.app.db
      .insert(librarySegments)
      .values({ libraryId: library.id, position: index, slidePath, page: index + 1, description });
  }
  return library;
}

const libraryRow = async (id: string) =>
  (await ctx.app.db.select().from(courseLibraries).where(eq(courseLibraries.id, id)))[0];
const segmentRows = (id: string) =>
  ctx.app.db
    .select()
    .from(librarySegments)
    .where(eq(librarySegments.libraryId, id))
    .orderBy(asc(librarySegments.position));

async function fetchToFile(key: string, name: string): Promise<string> {
  const stored = await ctx.app.storage.read(key);
  if (!stored) throw new Error(`${key} is not in storage`);
  const file = path.join(work, name);
  await pipeline(stored.stream, createWriteStream(file));
  return file;
}

async function readText(key: string): Promise<string> {
  const stored = await ctx.app.storage.read(key);
  if (!stored) throw new Error(`${key} is not in storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const vttSeconds = (time: string) => {
  const parts = time.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

beforeAll(async () => {
  ctx = await startTestApp();
  // The job as the worker runs it (app.ts may or may not have registered the plugin yet).
  ctx.app.jobs.work<LibraryGenerationJob>(LIBRARY_GENERATION_QUEUE, (job) =>
    runLibraryGeneration(ctx.app, job),
  );
  const owner = await buildUser(ctx.app, { userType: 'teacher' });
  ownerId = owner.id;
  const notify = ctx.app.realtime.notify.bind(ctx.app.realtime);
  ctx.app.realtime.notify = (room, event, payload) => {
    if (event === LIBRARY_PROGRESS_EVENT && room === `user:${ownerId}`) {
      pushed.push(payload as GenerationState);
      onPush?.(payload as GenerationState);
    }
    notify(room, event, payload);
  };
  work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-library-test-'));
});

afterAll(async () => {
  await ctx?.close();
  await rm(work, { recursive: true, force: true });
});

describe('library generation', () => {
  let library: LibraryRow;

  it('renders every segment, joins them and stores the lesson, pushing progress in order', async () => {
    library = await makeLibrary('Triangles', ['Angles add up.', 'Sides and corners.', 'Similar shapes.']);
    pushed.length = 0;
    const state = await queueGeneration(ctx.app, library);
    expect(state).toMatchObject({
      libraryId: library.id,
      status: 'ready',
      progress: 100,
      stage: null,
      error: null,
    });
    expect(state.segments.map((segment) => segment.status)).toEqual(['ready', 'ready', 'ready']);

    const row = await libraryRow(library.id);
    const segments = await segmentRows(library.id);
    expect(row.generatedAt).not.toBeNull();
    expect(segments.every((segment) => segment.videoPath && segment.renderedHash)).toBe(true);

    // The MP4: H.264 + AAC.
    const mp4 = await fetchToFile(row.videoPath as string, 'lesson.mp4');
    const tracks = await mp4Tracks(mp4);
    expect(tracks?.map((track) => `${track.handler}:${track.codec}`).sort()).toEqual([
      'soun:mp4a',
      'vide:avc1',
    ]);

    // HLS, read the way the player route reads it.
    const playlist = await readHlsFile(
      ctx.app,
      { processingStatus: 'ready', hlsPath: row.hlsPath },
      'index.m3u8',
    );
    const playlistText = await readText(row.hlsPath as string);
    playlist.stream.destroy();
    expect(playlistText).toContain('#EXTM3U');
    const firstSegment = playlistText.split('\n').find((line) => line.endsWith('.ts')) as string;
    const segmentFile = await readHlsFile(
      ctx.app,
      { processingStatus: 'ready', hlsPath: row.hlsPath },
      firstSegment,
    );
    expect(segmentFile.size).toBeGreaterThan(0);
    segmentFile.stream.destroy();
    expect(await ctx.app.storage.read(row.posterPath as string)).not.toBeNull();

    // Cues and captions are timed from the segment durations.
    const durations = segments.map((segment) => segment.durationSeconds as number);
    const edges = [0];
    for (const seconds of durations) edges.push(edges[edges.length - 1] + seconds);
    expect(row.cues).toHaveLength(3);
    row.cues?.forEach((cue, index) => {
      expect(cue).toMatchObject({
        segmentId: segments[index].id,
        slide: index + 1,
        text: segments[index].description,
      });
      expect(cue.startSeconds).toBeCloseTo(edges[index], 3);
      expect(cue.endSeconds).toBeCloseTo(edges[index + 1], 3);
    });
    expect(row.durationSeconds).toBeCloseTo(edges[3], 3);
    const vtt = await readText(row.captionsPath as string);
    const times = [...vtt.matchAll(/([\d:.]+) --> ([\d:.]+)/g)].map((match) => [
      vttSeconds(match[1]),
      vttSeconds(match[2]),
    ]);
    const starts = times.map(([start]) => start);
    const ends = times.map(([, end]) => end);
    for (const edge of edges.slice(0, 3))
      expect(starts.some((start) => Math.abs(start - edge) < 0.001)).toBe(true);
    for (const edge of edges.slice(1)) expect(ends.some((end) => Math.abs(end - edge) < 0.001)).toBe(true);

    // Progress reached the owner in order: generating from 0, render, then saving, then ready at 100.
    expect(pushed[0]).toMatchObject({ status: 'generating', progress: 0, stage: 'render' });
    const progress = pushed.map((event) => event.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const stages = pushed.map((event) => event.stage);
    expect(stages.indexOf('saving')).toBeGreaterThan(stages.lastIndexOf('render'));
    expect(pushed.at(-1)).toMatchObject({ status: 'ready', progress: 100, stage: null });
    // One segment per core at once: on two cores, two segments were rendering together.
    const together = Math.max(
      ...pushed.map((event) => event.segments.filter((segment) => segment.status === 'rendering').length),
    );
    expect(together).toBe(Math.min(2, availableParallelism()));
  });

  it('renders again only the segment whose narration changed, and removes the old video', async () => {
    const before = await segmentRows(library.id);
    const previous = await libraryRow(library.id);
    await ctx.app.db
      .update(librarySegments)
      .set({ description: 'Sides, corners and edges.' })
      .where(eq(librarySegments.id, before[1].id));
    const state = await queueGeneration(ctx.app, await libraryRow(library.id));
    expect(state.status).toBe('ready');

    const after = await segmentRows(library.id);
    expect(after[0]).toMatchObject({ videoPath: before[0].videoPath, renderedHash: before[0].renderedHash });
    expect(after[2]).toMatchObject({ videoPath: before[2].videoPath, renderedHash: before[2].renderedHash });
    expect(after[1].videoPath).not.toBe(before[1].videoPath);
    expect(after[1].renderedHash).not.toBe(before[1].renderedHash);
    expect(await ctx.app.storage.read(before[1].videoPath as string)).toBeNull();

    const row = await libraryRow(library.id);
    expect(row.cues?.[1].text).toBe('Sides, corners and edges.');
    // The previous generation's files are gone; the new ones are in place.
    expect(row.hlsPath).not.toBe(previous.hlsPath);
    expect(await ctx.app.storage.read(previous.hlsPath as string)).toBeNull();
    expect(await ctx.app.storage.read(previous.videoPath as string)).toBeNull();
    expect(await ctx.app.storage.read(row.hlsPath as string)).not.toBeNull();
  });

  it('leaves a superseded job without effect', async () => {
    const before = await libraryRow(library.id);
    await runLibraryGeneration(ctx.app, { libraryId: library.id, generationId: crypto.randomUUID() });
    expect(await libraryRow(library.id)).toEqual(before);
  });

  let cancelled: LibraryRow;

  it('stops after the segment being rendered when cancelled', async () => {
    cancelled = await makeLibrary('Circles', ['Radius first.', 'Then the diameter.', 'Then the area.']);
    let cancelling: Promise<GenerationState> | undefined;
    onPush = (state) => {
      if (state.libraryId === cancelled.id && state.segments[1].status === 'rendering' && !cancelling) {
        cancelling = cancelGeneration(ctx.app, cancelled);
      }
    };
    try {
      const state = await queueGeneration(ctx.app, cancelled);
      await cancelling;
      expect(cancelling).toBeDefined();
      expect(state.status).toBe('cancelled');
    } finally {
      onPush = null;
    }
    const row = await libraryRow(cancelled.id);
    expect(row).toMatchObject({ status: 'cancelled', generationId: null, stage: null, videoPath: null });
    const after = await segmentRows(cancelled.id);
    // The segment in progress finished; the one after it was never started.
    expect(after[0].videoPath).not.toBeNull();
    expect(after[1].videoPath).not.toBeNull();
    expect(after[2]).toMatchObject({ videoPath: null, renderedHash: null, status: 'pending' });
    expect((await generationState(ctx.app, cancelled.id)).status).toBe('cancelled');
  });

  it('resumes a library left generating, rendering only what is missing', async () => {
    const before = await segmentRows(cancelled.id);
    // What a process that died mid-job leaves behind.
    await ctx.app.db
      .update(courseLibraries)
      .set({ status: 'generating', generationId: crypto.randomUUID(), stage: 'render', progress: 60 })
      .where(eq(courseLibraries.id, cancelled.id));
    expect(await resumeGenerations(ctx.app)).toBe(1);

    const row = await libraryRow(cancelled.id);
    expect(row).toMatchObject({ status: 'ready', progress: 100 });
    expect(row.cues).toHaveLength(3);
    const after = await segmentRows(cancelled.id);
    expect(after[0].videoPath).toBe(before[0].videoPath);
    expect(after[1].videoPath).toBe(before[1].videoPath);
    expect(after[2].videoPath).not.toBeNull();
  });

  it('records a reason the owner can act on, and generates after the fix', async () => {
    const broken = await makeLibrary('Squares', ['Four sides.', 'Four corners.']);
    const segments = await segmentRows(broken.id);
    await ctx.app.storage.remove(segments[1].slidePath);

    const failed = await queueGeneration(ctx.app, broken);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Segment 2: .*slide image is missing/);
    expect(failed.segments.map((segment) => segment.status)).toEqual(['ready', 'failed']);
    expect((await libraryRow(broken.id)).videoPath).toBeNull();
    expect(pushed.at(-1)).toMatchObject({ libraryId: broken.id, status: 'failed' });

    await ctx.app.storage.put(segments[1].slidePath, slidePng('Slide 2'), 'image/png');
    const renderedFirst = (await segmentRows(broken.id))[0].videoPath;
    const fixed = await queueGeneration(ctx.app, await libraryRow(broken.id));
    expect(fixed).toMatchObject({ status: 'ready', error: null, progress: 100 });
    expect((await segmentRows(broken.id))[0].videoPath).toBe(renderedFirst);
  });

  it('asks for the avatar image of a static avatar before rendering, then draws it', async () => {
    const pictured = await makeLibrary('Lines', ['Two points make a line.']);
    await ctx.app.db
      .update(courseLibraries)
      .set({ avatarKind: 'static', avatarImagePath: `libraries/${pictured.id}/avatar.png` })
      .where(eq(courseLibraries.id, pictured.id));
    const failed = await queueGeneration(ctx.app, await libraryRow(pictured.id));
    expect(failed).toMatchObject({ status: 'failed', error: LIBRARY_MSG.staticAvatar });
    expect(failed.segments.map((segment) => segment.status)).toEqual(['pending']);

    await ctx.app.storage.put(`libraries/${pictured.id}/avatar.png`, slidePng('Me'), 'image/png');
    const ready = await queueGeneration(ctx.app, await libraryRow(pictured.id));
    expect(ready.status).toBe('ready');
    expect((await libraryRow(pictured.id)).cues).toHaveLength(1);
  });
});
