import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, courseVideos, storedFiles } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, submitAndApprove, uploadClip } from '../../test/live-courses';
import { multipart, tinyPng } from '../../test/uploads';
import { NOT_CAPTIONS_MESSAGE, toWebVtt } from './captions-service';

let ctx: TestContext;
let clip: Buffer;
type Headers = Record<string, string>;

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nA point has no size.\n';
const SRT =
  '1\r\n00:00:00,000 --> 00:00:01,500\r\nA point has no size.\r\n\r\n2\r\n00:00:01,500 --> 00:00:02,000\r\nA line has no width.\r\n';

beforeAll(async () => {
  clip = makeTinyClip();
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const captionsUrl = (courseId: string, videoId: string) =>
  `/api/courses/${courseId}/videos/${videoId}/captions`;
const putCaptions = (headers: Headers, courseId: string, videoId: string, name: string, bytes: Buffer) => {
  const file = multipart(name, 'text/vtt', bytes);
  return ctx.app.inject({
    method: 'PUT',
    url: captionsUrl(courseId, videoId),
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
};
const deleteCaptions = (headers: Headers, courseId: string, videoId: string) =>
  ctx.app.inject({ method: 'DELETE', url: captionsUrl(courseId, videoId), headers });

async function readStored(key: string): Promise<string | null> {
  const found = await ctx.app.storage.read(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function courseWithVideo(title: string) {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title });
  const video = await uploadClip(ctx.app, teacher.headers, courseId, clip, 'lesson', 'Points');
  return { teacher, courseId, videoId: video.id };
}

const videoRow = async (id: string) =>
  (await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.id, id)))[0];

describe('toWebVtt', () => {
  it('keeps WebVTT (with or without a BOM) and converts SubRip timings', () => {
    expect(toWebVtt(Buffer.from(VTT))).toBe(VTT);
    expect(toWebVtt(Buffer.from(`\uFEFF${VTT}`))).toBe(VTT);
    expect(toWebVtt(Buffer.from(SRT))).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nA point has no size.\n\n2\n00:00:01.500 --> 00:00:02.000\nA line has no width.\n',
    );
  });

  it('refuses binary files and plain text', () => {
    for (const bytes of [tinyPng(), Buffer.from('just some notes'), Buffer.from('WEBVTTX\n')]) {
      expect(() => toWebVtt(bytes)).toThrow(NOT_CAPTIONS_MESSAGE.english);
    }
  });
});

describe('captions of a course video', () => {
  it('stores a WebVTT file, presents a signed captionsUrl and marks an approved course edited', async () => {
    const { teacher, courseId, videoId } = await courseWithVideo('Captioned');
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);

    const response = await putCaptions(teacher.headers, courseId, videoId, 'points.vtt', Buffer.from(VTT));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().captionsUrl).toMatch(/^\/api\/files\/courses\/.+\.vtt\?/);
    const row = await videoRow(videoId);
    expect(row.captionsPath).toMatch(
      new RegExp(`^courses/${courseId}/videos/${videoId}/captions-\\w+\\.vtt$`),
    );
    expect(await readStored(row.captionsPath as string)).toBe(VTT);
    const [file] = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.path, row.captionsPath as string));
    expect(file).toMatchObject({ ownerId: teacher.user.id, contentType: 'text/vtt', sizeBytes: VTT.length });
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course.approvalStatus).toBe('PENDING_REAPPROVAL');

    // The admin's review lists the change; the file is served through its signed URL.
    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/approvals/${courseId}`,
      headers: admin.headers,
    });
    expect(review.json().changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ area: 'videos', label: 'Captions of lesson “Points”', after: 'captions' }),
      ]),
    );
    const served = await ctx.app.inject({ method: 'GET', url: response.json().captionsUrl });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(VTT);
  });

  it('converts SubRip to WebVTT on the server', async () => {
    const { teacher, courseId, videoId } = await courseWithVideo('SubRip');
    const response = await putCaptions(teacher.headers, courseId, videoId, 'points.srt', Buffer.from(SRT));
    expect(response.statusCode, response.body).toBe(200);
    const text = await readStored((await videoRow(videoId)).captionsPath as string);
    expect(text).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:01\.500\nA point has no size\./);
    expect(text).not.toContain(',');
  });

  it('refuses a PNG or random bytes named .vtt with INVALID_FILE, storing nothing', async () => {
    const { teacher, courseId, videoId } = await courseWithVideo('Not captions');
    for (const bytes of [tinyPng(), Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x13, 0x37])]) {
      const response = await putCaptions(teacher.headers, courseId, videoId, 'points.vtt', bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_FILE', message: NOT_CAPTIONS_MESSAGE.english });
    }
    expect((await videoRow(videoId)).captionsPath).toBeNull();
    const files = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `courses/${courseId}/videos/${videoId}/captions%`));
    expect(files).toEqual([]);
  });

  it("refuses another teacher and a student, and answers 404 for someone else's video id", async () => {
    const { courseId, videoId } = await courseWithVideo('Private');
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await putCaptions(other.headers, courseId, videoId, 'a.vtt', Buffer.from(VTT))).statusCode).toBe(
      403,
    );
    expect((await deleteCaptions(other.headers, courseId, videoId)).statusCode).toBe(403);
    expect(
      (await putCaptions(student.headers, courseId, videoId, 'a.vtt', Buffer.from(VTT))).statusCode,
    ).toBe(403);
    const mine = await courseWithVideo('Mine');
    const crossed = await putCaptions(
      mine.teacher.headers,
      mine.courseId,
      videoId,
      'a.vtt',
      Buffer.from(VTT),
    );
    expect(crossed.statusCode).toBe(404);
    expect((await videoRow(videoId)).captionsPath).toBeNull();
  });

  it('gives the student a signed captionsUrl in the learning API after approval, and the catalog preview too', async () => {
    const { teacher, courseId, videoId } = await courseWithVideo('Learn with captions');
    const preview = await uploadClip(ctx.app, teacher.headers, courseId, clip, 'preview', 'Trailer');
    await putCaptions(teacher.headers, courseId, videoId, 'a.vtt', Buffer.from(VTT));
    await putCaptions(teacher.headers, courseId, preview.id, 'b.srt', Buffer.from(SRT));
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/learning/courses/${courseId}/subscribe`,
      headers: student.headers,
    });
    const learning = await ctx.app.inject({
      method: 'GET',
      url: `/api/learning/courses/${courseId}`,
      headers: student.headers,
    });
    expect(learning.statusCode, learning.body).toBe(200);
    const lesson = learning.json().lessons[0];
    expect(lesson.captionsUrl).toMatch(/\.vtt\?/);
    expect((await ctx.app.inject({ method: 'GET', url: lesson.captionsUrl })).body).toBe(VTT);

    const catalog = await ctx.app.inject({ method: 'GET', url: `/api/catalog/courses/${courseId}` });
    expect(catalog.json().previews[0].captionsUrl).toMatch(/\.vtt\?/);
  });

  it('deletes captions: the file goes, unless the approved version still shows it', async () => {
    const { teacher, courseId, videoId } = await courseWithVideo('Remove captions');
    await putCaptions(teacher.headers, courseId, videoId, 'a.vtt', Buffer.from(VTT));
    const draftKey = (await videoRow(videoId)).captionsPath as string;
    const removed = await deleteCaptions(teacher.headers, courseId, videoId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().captionsUrl).toBeNull();
    expect((await videoRow(videoId)).captionsPath).toBeNull();
    expect(await ctx.app.storage.read(draftKey)).toBeNull();
    expect(await ctx.app.db.select().from(storedFiles).where(eq(storedFiles.path, draftKey))).toEqual([]);

    // Approved with captions: removing them keeps the file for the live version's students.
    await putCaptions(teacher.headers, courseId, videoId, 'a.vtt', Buffer.from(VTT));
    const liveKey = (await videoRow(videoId)).captionsPath as string;
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);
    expect((await deleteCaptions(teacher.headers, courseId, videoId)).statusCode).toBe(200);
    expect((await videoRow(videoId)).captionsPath).toBeNull();
    expect(await readStored(liveKey)).toBe(VTT);
  });
});
