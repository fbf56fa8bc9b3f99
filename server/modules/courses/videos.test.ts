import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VideoProcessingEvent } from '../../../common/contracts/course-content';
import { courses, courseVideos, storedFiles } from '../../db/schema/index';
import { makeTestClip } from '../../test/clips';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';
import { NOT_A_VIDEO_MESSAGE, PACKAGE_VIDEO_JOB } from './video-service';

let ctx: TestContext;
let baseUrl = '';
let dir = '';
let clip: Buffer;
const sockets: Socket[] = [];

type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
const UNKNOWN_ID = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-videos-'));
  clip = makeTestClip().bytes;
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const makeCourse = (ownerId: string, patch: Partial<typeof courses.$inferInsert> = {}) =>
  insertCourse(ctx.app, ownerId, patch);

const upload = (
  headers: Headers,
  courseId: string,
  query = 'kind=lesson&title=Introduction',
  file = multipart('lesson-one.mp4', 'video/mp4', clip),
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/videos?${query}`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });

const get = (headers: Headers, url: string) => ctx.app.inject({ method: 'GET', url, headers });
const listVideos = (headers: Headers, courseId: string) => get(headers, `/api/courses/${courseId}/videos`);

/** Files recorded for a video, by path. */
async function storedFor(courseId: string, videoId: string) {
  return ctx.app.db
    .select()
    .from(storedFiles)
    .where(like(storedFiles.path, `courses/${courseId}/videos/${videoId}/%`));
}

/** A socket as the web app opens it, resolved once connected. */
async function connect(session: Session): Promise<Socket> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: session.session.jwtToken },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('uploading a course video', () => {
  it('stores it, packages it as HLS (jobs run inline) and streams the playlist and segments to the author', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);

    const started = Date.now();
    const response = await upload(teacher.headers, course.id);
    console.info(`upload + packaging of a 2 s clip answered in ${Date.now() - started} ms`);
    expect(response.statusCode, response.body).toBe(201);
    const video = response.json();
    expect(video).toMatchObject({
      courseId: course.id,
      kind: 'lesson',
      title: 'Introduction',
      position: 0,
      status: 'ready',
      progress: 100,
      error: null,
      width: 320,
      height: 240,
      playlistUrl: `/api/courses/${course.id}/videos/${video.id}/hls/index.m3u8`,
    });
    expect(video.durationSeconds).toBeCloseTo(2, 0);

    const row = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    const folder = `courses/${course.id}/videos/${video.id}`;
    expect(row).toMatchObject({
      processingStatus: 'ready',
      processingProgress: 100,
      sourcePath: `${folder}/source.mp4`,
      hlsPath: `${folder}/hls/index.m3u8`,
      posterPath: `${folder}/poster.jpg`,
    });
    const files = await storedFor(course.id, video.id);
    expect(files.every((file) => file.ownerId === teacher.user.id)).toBe(true);
    expect(files.map((file) => file.path).sort()).toEqual(
      expect.arrayContaining([`${folder}/source.mp4`, `${folder}/hls/index.m3u8`, `${folder}/poster.jpg`]),
    );
    expect(files.find((file) => file.path.endsWith('source.mp4'))?.sizeBytes).toBe(clip.length);

    const playlist = await get(teacher.headers, video.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segments = playlist.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    // Segment names are relative: the player resolves them against the playlist's URL.
    const segmentUrl = new URL(segments[0], `http://gurukul.test${video.playlistUrl}`).pathname;
    expect(segmentUrl).toBe(`/api/courses/${course.id}/videos/${video.id}/hls/${segments[0]}`);
    const segment = await get(teacher.headers, segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload.length).toBe(Number(segment.headers['content-length']));

    const poster = await ctx.app.inject({ method: 'GET', url: video.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const list = await listVideos(teacher.headers, course.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().videos).toEqual([expect.objectContaining({ id: video.id, status: 'ready' })]);
    // Nothing is left in the working folder.
    expect(readdirSync(path.join(ctx.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('numbers lessons and previews separately and names a video after its file when no title is given', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    await ctx.app.db.insert(courseVideos).values([
      { courseId: course.id, kind: 'lesson', title: 'One', position: 0, processingStatus: 'ready' },
      { courseId: course.id, kind: 'lesson', title: 'Two', position: 1, processingStatus: 'ready' },
    ]);
    const lesson = await upload(
      teacher.headers,
      course.id,
      'kind=lesson',
      multipart('Chapter 3 - Fractions.mov', 'video/quicktime', clip),
    );
    expect(lesson.statusCode, lesson.body).toBe(201);
    expect(lesson.json()).toMatchObject({ title: 'Chapter 3 - Fractions', position: 2, kind: 'lesson' });
    const preview = await upload(teacher.headers, course.id, 'kind=preview&title=Welcome');
    expect(preview.json()).toMatchObject({ title: 'Welcome', position: 0, kind: 'preview' });
    const previews = await get(teacher.headers, `/api/courses/${course.id}/videos?kind=preview`);
    expect(previews.json().videos.map((v: { title: string }) => v.title)).toEqual(['Welcome']);
  });

  it('moves an approved course to PENDING_REAPPROVAL', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id, { approvalStatus: 'APPROVED' });
    expect((await upload(teacher.headers, course.id)).statusCode).toBe(201);
    const after = await ctx.app.db.query.courses.findFirst({ where: eq(courses.id, course.id) });
    expect(after?.approvalStatus).toBe('PENDING_REAPPROVAL');
  });

  it('refuses a text file named .mp4 and a damaged video with INVALID_FILE, storing nothing', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const text = multipart('lecture.mp4', 'video/mp4', Buffer.from('Not a video at all.\n'.repeat(500)));
    const refused = await upload(teacher.headers, course.id, 'kind=lesson', text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'INVALID_FILE', message: NOT_A_VIDEO_MESSAGE.english });

    // Starts like an MP4 (the sniffer accepts it) but is cut short: ffprobe cannot read it.
    const damaged = multipart('cut.mp4', 'video/mp4', clip.subarray(0, 5000));
    const refusedDamaged = await upload(teacher.headers, course.id, 'kind=lesson', damaged);
    expect(refusedDamaged.statusCode).toBe(400);
    expect(refusedDamaged.json()).toMatchObject({
      code: 'INVALID_FILE',
      message: NOT_A_VIDEO_MESSAGE.english,
    });

    const empty = await upload(
      teacher.headers,
      course.id,
      'kind=lesson',
      multipart('e.mp4', 'video/mp4', Buffer.alloc(0)),
    );
    expect(empty.json()).toMatchObject({ code: 'INVALID_FILE' });

    const rows = await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id));
    expect(rows).toEqual([]);
    const files = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `courses/${course.id}/%`));
    expect(files).toEqual([]);
  });

  it('answers bad requests with 4xx, never 500', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const badKind = await upload(teacher.headers, course.id, 'kind=trailer');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().code).toBe('VALIDATION');
    const longTitle = await upload(teacher.headers, course.id, `title=${'x'.repeat(151)}`);
    expect(longTitle.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/videos`,
      payload: { file: 'x' },
      headers: teacher.headers,
    });
    expect(json.statusCode).toBe(415);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/videos`,
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--b--\r\n'),
      headers: { ...teacher.headers, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose a video to upload');
    const notUuid = await listVideos(teacher.headers, 'nope');
    expect(notUuid.statusCode).toBe(400);
    const unknown = await upload(teacher.headers, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a video larger than the upload limit with 413', async () => {
    const small = await startTestApp({ videoUploadMaxBytes: 1024 * 1024 });
    try {
      const teacher = await buildAndLogin(small.app, { userType: 'teacher' });
      const course = await makeCourseIn(small, teacher.user.id);
      // A real MP4 start (the sniffer accepts it), padded past 1 MB.
      const file = multipart('big.mp4', 'video/mp4', Buffer.concat([clip, Buffer.alloc(1024 * 1024)]));
      const response = await small.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/videos`,
        payload: file.payload,
        headers: { ...teacher.headers, ...file.headers },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The video is too large. Please upload a video of at most 1 MB.',
      });
      expect(await small.app.db.select().from(courseVideos)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('answers over real HTTP: a video streams in, a large non-video is refused from its first bytes', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const send = (file: ReturnType<typeof multipart>) =>
      fetch(`${baseUrl}/api/courses/${course.id}/videos?kind=lesson`, {
        method: 'POST',
        headers: { ...teacher.headers, ...file.headers },
        body: file.payload,
      });
    const ok = await send(multipart('lesson.mp4', 'video/mp4', clip));
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ status: 'ready', title: 'lesson' });
    const text = await send(
      multipart('notes.mp4', 'video/mp4', Buffer.alloc(8 * 1024 * 1024, 'lorem ipsum ')),
    );
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ code: 'INVALID_FILE', message: NOT_A_VIDEO_MESSAGE.english });
  });

  it("refuses an upload over the owner's storage quota with 413", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const quota = ctx.config.storageQuotaBytes;
    const filler = `users/${teacher.user.id}/filler.bin`;
    await ctx.app.db.insert(storedFiles).values({
      path: filler,
      ownerId: teacher.user.id,
      contentType: 'video/mp4',
      category: 'VIDEO',
      sizeBytes: quota,
    });
    const full = await upload(teacher.headers, course.id);
    expect(full.statusCode).toBe(413);
    expect(full.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(full.json().message).toMatch(/^Your storage is full \(5\.0 GB of 5\.0 GB used\)/);

    // Just under the quota: the file itself does not fit.
    await ctx.app.db
      .update(storedFiles)
      .set({ sizeBytes: quota - 1000 })
      .where(eq(storedFiles.path, filler));
    const tight = await upload(teacher.headers, course.id);
    expect(tight.statusCode).toBe(413);
    expect(tight.json().message).toMatch(/this file needs 1 MB\)\. Please delete some videos or files/);
    expect(await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id))).toEqual(
      [],
    );

    // The quota is the course owner's, whoever uploads: an admin uploading to this course is refused too.
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect((await upload(admin.headers, course.id)).statusCode).toBe(413);
  });
});

async function makeCourseIn(context: TestContext, ownerId: string) {
  const [course] = await context.app.db
    .insert(courses)
    .values({
      ownerId,
      title: 'Small',
      description: 'd',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
    })
    .returning();
  return course;
}

describe('who may use the videos of a course', () => {
  it('lets the author, their institute and admins in, and refuses other teachers and students', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const course = await makeCourse(teacher.user.id);
    const video = (await upload(teacher.headers, course.id)).json();
    const segmentUrl = video.playlistUrl.replace('index.m3u8', 'seg_000.ts');

    for (const reader of [institute, admin]) {
      expect((await get(reader.headers, video.playlistUrl)).statusCode).toBe(200);
      expect((await get(reader.headers, segmentUrl)).statusCode).toBe(200);
      expect((await listVideos(reader.headers, course.id)).statusCode).toBe(200);
    }
    const otherCalls = [
      () => get(other.headers, video.playlistUrl),
      () => get(other.headers, segmentUrl),
      () => listVideos(other.headers, course.id),
      () => upload(other.headers, course.id),
      () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/courses/${course.id}/videos/${video.id}`,
          payload: { title: 'Mine now' },
          headers: other.headers,
        }),
      () =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/courses/${course.id}/videos/${video.id}`,
          headers: other.headers,
        }),
    ];
    for (const call of otherCalls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await get(student.headers, video.playlistUrl)).statusCode).toBe(403);
    expect((await get({}, video.playlistUrl)).statusCode).toBe(401);
    const stored = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    expect(stored?.title).toBe('Introduction');
  });

  it('serves only the files of a ready video by their own names', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const video = (await upload(teacher.headers, course.id)).json();
    const base = `/api/courses/${course.id}/videos/${video.id}/hls`;
    for (const name of [
      'seg_999.ts',
      'poster.jpg',
      'source.mp4',
      '..%2Fsource.mp4',
      '%2E%2E',
      'index.m3u8.bak',
    ]) {
      const response = await get(teacher.headers, `${base}/${name}`);
      expect(response.statusCode, name).toBe(404);
    }
    const elsewhere = await makeCourse(teacher.user.id);
    const wrongCourse = await get(
      teacher.headers,
      `/api/courses/${elsewhere.id}/videos/${video.id}/hls/index.m3u8`,
    );
    expect(wrongCourse.statusCode).toBe(404);

    const [processing] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: course.id, title: 'Still working', processingStatus: 'processing' })
      .returning();
    const notReady = await get(
      teacher.headers,
      `/api/courses/${course.id}/videos/${processing.id}/hls/index.m3u8`,
    );
    expect(notReady.statusCode).toBe(404);
    expect(notReady.json().message).toBe('This video is not ready yet');
  });
});

describe('processing', () => {
  it('refuses to submit the course for approval while a video is processing', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    await ctx.app.db.insert(courseVideos).values({
      courseId: course.id,
      title: 'Lesson 1',
      processingStatus: 'processing',
      processingProgress: 40,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/submit`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A video is still processing. Please submit once it is ready.',
    });
    const listed = (await listVideos(teacher.headers, course.id)).json().videos;
    expect(listed).toEqual([
      expect.objectContaining({ status: 'processing', progress: 40, playlistUrl: null, posterUrl: null }),
    ]);
  });

  it('sends videoProcessing progress to the owner and the uploader, ending with ready at 100', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const bystander = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const received = new Map<string, VideoProcessingEvent[]>();
    for (const who of [teacher, admin, bystander]) {
      const socket = await connect(who);
      const events: VideoProcessingEvent[] = [];
      received.set(who.user.id, events);
      socket.on('videoProcessing', (event: VideoProcessingEvent) => events.push(event));
    }

    const response = await upload(admin.headers, course.id);
    expect(response.statusCode).toBe(201);
    const videoId = response.json().id;
    const ownerEvents = received.get(teacher.user.id) as VideoProcessingEvent[];
    await expect.poll(() => ownerEvents.at(-1)?.status, { timeout: 5000 }).toBe('ready');
    await expect.poll(() => received.get(admin.user.id)?.at(-1)?.status, { timeout: 5000 }).toBe('ready');

    expect(ownerEvents.at(-1)).toEqual({ courseId: course.id, videoId, status: 'ready', progress: 100 });
    expect(ownerEvents[0]).toEqual({ courseId: course.id, videoId, status: 'processing', progress: 0 });
    const progress = ownerEvents.map((event) => event.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const [a, b] of progress.slice(0, -1).map((p, i) => [p, progress[i + 1]])) {
      if (b !== 100) expect(b - a).toBeGreaterThanOrEqual(5);
    }
    expect(received.get(admin.user.id)).toEqual(ownerEvents);
    expect(received.get(bystander.user.id)).toEqual([]);
  });

  it('marks a video failed, with a clear error and an event, when its source cannot be packaged', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const socket = await connect(teacher);
    const events: VideoProcessingEvent[] = [];
    socket.on('videoProcessing', (event: VideoProcessingEvent) => events.push(event));
    const [video] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: course.id, title: 'Broken', processingStatus: 'processing' })
      .returning();
    const sourcePath = `courses/${course.id}/videos/${video.id}/source.mp4`;
    await ctx.app.storage.put(sourcePath, Buffer.from('garbage, not a video'), 'video/mp4');
    await ctx.app.db.update(courseVideos).set({ sourcePath }).where(eq(courseVideos.id, video.id));

    await ctx.app.jobs.send(PACKAGE_VIDEO_JOB, { videoId: video.id, uploaderId: teacher.user.id });

    const row = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    expect(row).toMatchObject({
      processingStatus: 'failed',
      processingError: 'This file is not a video we can read.',
      hlsPath: null,
    });
    await expect.poll(() => events.at(-1)?.status, { timeout: 5000 }).toBe('failed');
    expect(events.at(-1)).toMatchObject({
      videoId: video.id,
      error: 'This file is not a video we can read.',
    });
    const listed = (await listVideos(teacher.headers, course.id)).json().videos[0];
    expect(listed).toMatchObject({ status: 'failed', error: 'This file is not a video we can read.' });

    // A job for a video deleted meanwhile does nothing.
    await ctx.app.jobs.send(PACKAGE_VIDEO_JOB, { videoId: UNKNOWN_ID, uploaderId: teacher.user.id });
  });
});

describe('editing and deleting videos', () => {
  it('renames a video and moves it among the videos of its kind', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const rows = await ctx.app.db
      .insert(courseVideos)
      .values(
        ['A', 'B', 'C'].map((title, position) => ({
          courseId: course.id,
          title,
          position,
          processingStatus: 'ready',
        })),
      )
      .returning();
    await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: course.id, kind: 'preview', title: 'P', position: 0, processingStatus: 'ready' });
    const put = (videoId: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${course.id}/videos/${videoId}`,
        payload,
        headers: teacher.headers,
      });
    const moved = await put(rows[2].id, { title: '  C, renamed  ', position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ title: 'C, renamed', position: 0 });
    const order = async () =>
      (await get(teacher.headers, `/api/courses/${course.id}/videos?kind=lesson`))
        .json()
        .videos.map((v: { title: string; position: number }) => `${v.position}:${v.title}`);
    expect(await order()).toEqual(['0:C, renamed', '1:A', '2:B']);
    expect((await put(rows[0].id, { position: 99 })).json().position).toBe(2);
    expect(await order()).toEqual(['0:C, renamed', '1:B', '2:A']);

    for (const [payload, message] of [
      [{ title: '   ' }, 'Only space not allowed'],
      [{ position: -1 }, 'The position cannot be negative'],
      [{ position: 1.5 }, 'The position must be a whole number'],
      [{ position: 'first' }, 'The position must be a whole number'],
    ] as const) {
      const response = await put(rows[1].id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.values(response.json().fields ?? {})).toContain(message);
    }
    expect((await put(UNKNOWN_ID, { title: 'X' })).statusCode).toBe(404);
  });

  it('deletes a video with its files and marks the course edited', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id, { approvalStatus: 'REJECTED' });
    const video = (await upload(teacher.headers, course.id)).json();
    const files = await storedFor(course.id, video.id);
    expect(files.length).toBeGreaterThanOrEqual(4);
    await ctx.app.db.update(courses).set({ approvalStatus: 'APPROVED' }).where(eq(courses.id, course.id));

    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}/videos/${video.id}`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.id, video.id))).toEqual([]);
    expect(await storedFor(course.id, video.id)).toEqual([]);
    for (const file of files) expect(await ctx.app.storage.read(file.path)).toBeNull();
    expect((await get(teacher.headers, video.playlistUrl)).statusCode).toBe(404);
    const after = await ctx.app.db.query.courses.findFirst({ where: eq(courses.id, course.id) });
    expect(after?.approvalStatus).toBe('PENDING_REAPPROVAL');
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}/videos/${video.id}`,
      headers: teacher.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the files of a video the live approved version still shows', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(teacher.user.id);
    const video = (await upload(teacher.headers, course.id)).json();
    const row = await ctx.app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, video.id) });
    await ctx.app.db
      .update(courses)
      .set({
        approvalStatus: 'APPROVED',
        approvedSnapshot: {
          info: {},
          videos: [{ id: video.id, hlsPath: row?.hlsPath, posterPath: row?.posterPath }],
          faqs: [],
          materials: [],
        },
      })
      .where(eq(courses.id, course.id));
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}/videos/${video.id}`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.id, video.id))).toEqual([]);
    expect(await ctx.app.storage.read(row?.hlsPath as string)).not.toBeNull();
    const kept = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerId, teacher.user.id), like(storedFiles.path, `courses/${course.id}/%`)));
    expect(kept.length).toBeGreaterThanOrEqual(4);
  });
});
