import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createCanvas } from '@napi-rs/canvas';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MSG } from '../../../common/library';
import { courseLibraries, integrationKeys, librarySegments } from '../../db/schema/index';
import { probeVideo } from '../../media/ffmpeg';
import { SEGMENT_FPS } from '../../media/narrated-segment';
import { buildUser } from '../../test/factories';
import { FAKE_TALK_SECONDS, type FakeDid, startFakeDid } from '../../test/fake-d-id';
import { startTestApp, type TestContext } from '../../test/harness';
import { encryptSecret } from '../integrations/crypto';
import type { LibraryRow } from './access';
import { didTalkTiming } from './did-segment';
import { queueGeneration } from './generation';

let ctx: TestContext;
let did: FakeDid;
let ownerId: string;
let work: string;

function png(label: string, colour: string): Buffer {
  const canvas = createCanvas(320, 180);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, 320, 180);
  context.fillStyle = '#1a1b1e';
  context.font = 'bold 28px "DejaVu Sans"';
  context.fillText(label, 20, 90);
  return canvas.toBuffer('image/png');
}

/** A 'd_id' library straight in the database: an avatar image and one slide per narration. */
async function makeDidLibrary(title: string, narrations: string[]): Promise<LibraryRow> {
  const [library] = await ctx.app.db
    .insert(courseLibraries)
    .values({ ownerId, title, avatarKind: 'd_id', avatarCorner: 'bottom-right' })
    .returning();
  const avatarImagePath = `libraries/${library.id}/avatar.png`;
  await ctx.app.storage.put(avatarImagePath, png('Face', '#ffd8a8'), 'image/png');
  const [withAvatar] = await ctx.app.db
    .update(courseLibraries)
    .set({ avatarImagePath })
    .where(eq(courseLibraries.id, library.id))
    .returning();
  for (const [index, description] of narrations.entries()) {
    const slidePath = `libraries/${library.id}/slides/${index + 1}.png`;
    await ctx.app.storage.put(slidePath, png(`Slide ${index + 1}`, '#ffffff'), 'image/png');
    await ctx.app.db
      .insert(librarySegments)
      .values({ libraryId: library.id, position: index, slidePath, page: index + 1, description });
  }
  return withAvatar;
}

/** The colour of one pixel of the video's frame at `at` seconds. */
function framePixel(file: string, x: number, y: number, at: number): number[] {
  const raw = execFileSync('ffmpeg', [
    ...['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', `crop=2:2:${x}:${y}`],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  return [...raw.subarray(0, 3)];
}

const libraryRow = async (id: string) =>
  (await ctx.app.db.select().from(courseLibraries).where(eq(courseLibraries.id, id)))[0];
const segmentRows = (id: string) =>
  ctx.app.db
    .select()
    .from(librarySegments)
    .where(eq(librarySegments.libraryId, id))
    .orderBy(asc(librarySegments.position));

beforeAll(async () => {
  did = await startFakeDid(undefined, 20, { serveResults: true });
  ctx = await startTestApp({ ai: { elevenLabsApiBase: 'http://127.0.0.1:9', didApiBase: did.url } });
  didTalkTiming.pollMs = 20;
  const owner = await buildUser(ctx.app, { userType: 'teacher' });
  ownerId = owner.id;
  await ctx.app.db.insert(integrationKeys).values({
    userId: ownerId,
    keyName: 'didApiKey',
    encrypted: encryptSecret(ctx.config.jwtSecret, ownerId, 'didApiKey', did.apiKey),
    lastFour: did.apiKey.slice(-4),
  });
  work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-did-library-test-'));
});

afterAll(async () => {
  await ctx?.close();
  await did?.close();
  await rm(work, { recursive: true, force: true });
});

describe('a D-ID library', () => {
  it('renders each segment with a talking head whose speech is the narration', async () => {
    // Long enough that espeak-ng would speak each for well over the talks' 2 s.
    const narrations = [
      'The angles of a triangle add up to a straight line, which is one hundred and eighty degrees.',
      'Similar shapes keep their angles while their sides grow or shrink by the same factor.',
    ];
    const library = await makeDidLibrary('Angles', narrations);
    did.talks.clear();
    const state = await queueGeneration(ctx.app, library);
    expect(state, JSON.stringify(state)).toMatchObject({ status: 'ready', progress: 100, error: null });

    // One talk per segment (two segments render at once, so in either order), the narration as D-ID's
    // script, the face as an absolute signed link.
    const talks = [...did.talks.values()];
    expect(talks.map((talk) => talk.input).sort()).toEqual([...narrations].sort());
    for (const talk of talks) {
      expect(talk.sourceUrl).toMatch(
        new RegExp(`^${ctx.config.publicUrl}/api/files/libraries/${library.id}/avatar\\.png\\?expires=`),
      );
      expect(talk.provider).toMatchObject({ type: 'microsoft' });
    }

    // The segments last as long as the talks' speech (2 s each), not as long as espeak-ng would speak.
    const segments = await segmentRows(library.id);
    for (const segment of segments) {
      expect(segment.status).toBe('ready');
      expect(Math.abs((segment.durationSeconds ?? 0) - FAKE_TALK_SECONDS)).toBeLessThanOrEqual(
        1 / SEGMENT_FPS + 0.05,
      );
    }
    const row = await libraryRow(library.id);
    const stored = await ctx.app.storage.read(row.videoPath as string);
    if (!stored) throw new Error('the lesson video is not in storage');
    const lesson = path.join(work, 'lesson.mp4');
    await pipeline(stored.stream, createWriteStream(lesson));
    const probe = await probeVideo(lesson);
    expect(probe.hasAudio).toBe(true);
    expect(Math.abs(probe.durationSeconds - 2 * FAKE_TALK_SECONDS)).toBeLessThan(0.3);
    // The corner shows the talk's video (test pattern), not the peach still image it was made from.
    const [red, green, blue] = framePixel(lesson, 1280 - 24 - 110, 720 - 24 - 60, 0.5);
    const peach = [255, 216, 168];
    expect(
      Math.max(Math.abs(red - peach[0]), Math.abs(green - peach[1]), Math.abs(blue - peach[2])),
    ).toBeGreaterThan(60);

    // Generating again with nothing changed reuses both segments: no new talks, no credits spent.
    const remaining = did.remaining;
    expect((await queueGeneration(ctx.app, await libraryRow(library.id))).status).toBe('ready');
    expect(did.talks.size).toBe(2);
    expect(did.remaining).toBe(remaining);
  });

  it('fails with a message naming the segment when D-ID cannot make the talk', async () => {
    const library = await makeDidLibrary('Broken face', ['A first slide.', 'A second slide.']);
    did.finishAs = 'error';
    try {
      const state = await queueGeneration(ctx.app, library);
      expect(state.status).toBe('failed');
      expect(state.error).toMatch(
        /^D-ID could not make the talking head for segment 1: D-ID reported an error/,
      );
      expect(state.segments.map((segment) => segment.status)).toEqual(['failed', 'pending']);
    } finally {
      did.finishAs = 'done';
    }
  });

  it('fails with the credits message when D-ID answers 402 during the job', async () => {
    const library = await makeDidLibrary('No credits', ['Only one slide.']);
    const before = did.remaining;
    did.remaining = 0;
    try {
      const state = await queueGeneration(ctx.app, library);
      expect(state).toMatchObject({ status: 'failed', error: LIBRARY_MSG.didCredits });
    } finally {
      did.remaining = before;
    }
  });
});
