import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MSG, type LibraryCue } from '../../../common/library';
import { courseLibraries, courses, courseVideos, storedFiles } from '../../db/schema/index';
import { makeTestClip } from '../../test/clips';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { OTHER_OWNER_MESSAGE } from './library-video';

let ctx: TestContext;
let clip: Buffer;
type Headers = Record<string, string>;

const VTT =
  'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nSlide one.\n\n2\n00:00:01.000 --> 00:00:02.000\nSlide two.\n';
const CUES: LibraryCue[] = [
  { segmentId: 'a1', slide: 1, text: 'Slide one.', startSeconds: 0, endSeconds: 1 },
  { segmentId: 'b2', slide: 2, text: 'Slide two.', startSeconds: 1, endSeconds: 2 },
];

beforeAll(async () => {
  clip = makeTestClip({ size: '320x180', rate: 10 }).bytes;
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

/** A library as the generation job leaves it: a finished MP4 and captions in storage, and its cues. */
async function insertReadyLibrary(ownerId: string, patch: Partial<typeof courseLibraries.$inferInsert> = {}) {
  const [library] = await ctx.app.db
    .insert(courseLibraries)
    .values({ ownerId, title: 'Triangles deck', status: 'ready', durationSeconds: 2, cues: CUES, ...patch })
    .returning();
  const videoPath = `libraries/${library.id}/lesson.mp4`;
  const captionsPath = `libraries/${library.id}/captions.vtt`;
  await ctx.app.storage.put(videoPath, clip, 'video/mp4');
  await ctx.app.storage.put(captionsPath, Buffer.from(VTT), 'text/vtt');
  // A draft has never been generated: its files are not the library's yet.
  const ready = library.status === 'ready';
  const [updated] = await ctx.app.db
    .update(courseLibraries)
    .set({ videoPath: ready ? videoPath : null, captionsPath: ready ? captionsPath : null })
    .where(eq(courseLibraries.id, library.id))
    .returning();
  return updated;
}

const addFromLibrary = (headers: Headers, courseId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/videos/from-library`,
    payload,
    headers,
  });

async function readStored(key: string): Promise<string> {
  const file = await ctx.app.storage.read(key);
  if (!file) throw new Error(`${key} is not in storage`);
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

const videosOf = (courseId: string) =>
  ctx.app.db.select().from(courseVideos).where(eq(courseVideos.courseId, courseId));

describe('adding a lesson from a course library', () => {
  it('copies the finished video and captions, packages it like an upload and keeps its own cues', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id, { approvalStatus: 'APPROVED' });
    await ctx.app.db.insert(courseVideos).values({
      courseId: course.id,
      kind: 'lesson',
      title: 'Lesson 1',
      position: 0,
      processingStatus: 'ready',
    });
    const library = await insertReadyLibrary(teacher.user.id);

    const response = await addFromLibrary(teacher.headers, course.id, {
      title: '  Lesson 2 ',
      libraryId: library.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const video = response.json();
    expect(video).toMatchObject({
      courseId: course.id,
      kind: 'lesson',
      title: 'Lesson 2',
      position: 1,
      status: 'ready',
      progress: 100,
      error: null,
      width: 320,
      height: 180,
      playlistUrl: `/api/courses/${course.id}/videos/${video.id}/hls/index.m3u8`,
    });
    expect(video.durationSeconds).toBeCloseTo(2, 0);
    expect(video.captionsUrl).toMatch(/captions-[0-9a-f]{8}\.vtt/);

    const row = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    const folder = `courses/${course.id}/videos/${video.id}`;
    expect(row).toMatchObject({
      libraryId: library.id,
      libraryCues: CUES,
      sourcePath: `${folder}/source.mp4`,
      hlsPath: `${folder}/hls/index.m3u8`,
      posterPath: `${folder}/poster.jpg`,
    });
    // Copies in the video's own folder, counted against the course owner's storage.
    expect(row?.captionsPath?.startsWith(`${folder}/captions-`)).toBe(true);
    expect(await readStored(row?.captionsPath ?? '')).toBe(VTT);
    const source = await ctx.app.db.query.storedFiles.findFirst({
      where: eq(storedFiles.path, `${folder}/source.mp4`),
    });
    expect(source).toMatchObject({
      ownerId: teacher.user.id,
      sizeBytes: clip.length,
      contentType: 'video/mp4',
    });

    const playlist = await ctx.app.inject({
      method: 'GET',
      url: video.playlistUrl,
      headers: teacher.headers,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(/^#EXTM3U/);

    // An edit like an upload: the approved course waits for re-approval.
    const after = await ctx.app.db.query.courses.findFirst({ where: eq(courses.id, course.id) });
    expect(after?.approvalStatus).toBe('PENDING_REAPPROVAL');

    // Regenerating the library later changes neither the lesson's cues nor its files.
    await ctx.app.db
      .update(courseLibraries)
      .set({ cues: [CUES[0]], captionsPath: null })
      .where(eq(courseLibraries.id, library.id));
    const kept = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    expect(kept?.libraryCues).toEqual(CUES);

    // As a preview, numbered among previews.
    const preview = await addFromLibrary(teacher.headers, course.id, {
      title: 'Welcome',
      libraryId: library.id,
      kind: 'preview',
    });
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json()).toMatchObject({
      kind: 'preview',
      position: 0,
      status: 'ready',
      captionsUrl: null,
    });
  });

  it('asks for a library when none is chosen, naming the lesson', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    for (const payload of [
      { title: 'Lesson 2' },
      { title: 'Lesson 2', libraryId: '' },
      { title: 'Lesson 2', libraryId: 'not-an-id' },
    ]) {
      const response = await addFromLibrary(teacher.headers, course.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Please Select Video For Lesson 2',
        fields: { libraryId: 'Please Select Video For Lesson 2' },
      });
    }
    const untitled = await addFromLibrary(teacher.headers, course.id, { title: ' ' });
    expect(untitled.statusCode).toBe(400);
    expect(await videosOf(course.id)).toEqual([]);
  });

  it("refuses another teacher's library, and an admin mixing owners", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const theirs = await insertReadyLibrary(other.user.id);
    const response = await addFromLibrary(teacher.headers, course.id, {
      title: 'Lesson 1',
      libraryId: theirs.id,
    });
    expect(response.statusCode).toBe(403);

    // An admin may open both, but a course only takes its own owner's library.
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const mixed = await addFromLibrary(admin.headers, course.id, { title: 'Lesson 1', libraryId: theirs.id });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toEqual({ code: 'FORBIDDEN', message: OTHER_OWNER_MESSAGE.english });
    expect(await videosOf(course.id)).toEqual([]);

    const unknown = await addFromLibrary(teacher.headers, course.id, {
      title: 'Lesson 1',
      libraryId: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a library without a finished video with 409', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const draft = await insertReadyLibrary(teacher.user.id, { status: 'draft' });
    const response = await addFromLibrary(teacher.headers, course.id, {
      title: 'Lesson 1',
      libraryId: draft.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: LIBRARY_MSG.notReady });

    // Regenerating: its earlier video is not offered until the new one is ready.
    const generating = await insertReadyLibrary(teacher.user.id);
    await ctx.app.db
      .update(courseLibraries)
      .set({ status: 'generating' })
      .where(eq(courseLibraries.id, generating.id));
    const busy = await addFromLibrary(teacher.headers, course.id, {
      title: 'Lesson 1',
      libraryId: generating.id,
    });
    expect(busy.statusCode).toBe(409);
    expect(await videosOf(course.id)).toEqual([]);
  });

  it("refuses students, and a copy over the owner's storage quota", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const library = await insertReadyLibrary(teacher.user.id);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const refused = await addFromLibrary(student.headers, course.id, {
      title: 'Lesson 1',
      libraryId: library.id,
    });
    expect(refused.statusCode).toBe(403);

    await ctx.app.db.insert(storedFiles).values({
      path: `users/${teacher.user.id}/filler.bin`,
      ownerId: teacher.user.id,
      contentType: 'video/mp4',
      category: 'VIDEO',
      sizeBytes: ctx.config.storageQuotaBytes - 1000,
    });
    const full = await addFromLibrary(teacher.headers, course.id, {
      title: 'Lesson 1',
      libraryId: library.id,
    });
    expect(full.statusCode).toBe(413);
    expect(full.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await videosOf(course.id)).toEqual([]);
  });
});
