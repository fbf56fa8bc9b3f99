import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/index';
import { createCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const PICTURES = {
  title: 'Pictures of Numbers',
  description: 'Counting with pictures.',
  price: 0,
  passingScore: 10,
};

const newCourse = (headers: Headers) => createCourse(ctx.app, headers, PICTURES);

function uploadThumbnail(headers: Headers, courseId: string, file: ReturnType<typeof multipart>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/thumbnail`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

describe('POST /api/courses/:courseId/thumbnail', () => {
  it('stores a real image and serves it back through the signed URL', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await newCourse(headers);
    const response = await uploadThumbnail(headers, id, multipart('cover.png', 'image/png', tinyPng()));
    expect(response.statusCode, response.body).toBe(200);
    const { thumbnailUrl } = response.json();
    expect(thumbnailUrl).toMatch(new RegExp(`^/api/files/courses/${id}/thumbnails/[0-9a-f-]+\\.png\\?`));
    const file = await ctx.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, tinyPng())).toBe(0);
  });

  it('judges by the bytes and refuses other people', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const id = await newCourse(owner.headers);
    const text = multipart('cover.png', 'image/png', Buffer.from('not an image at all\n'.repeat(10)));
    const refused = await uploadThumbnail(owner.headers, id, text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_FILE');
    const png = multipart('cover.png', 'image/png', tinyPng());
    expect((await uploadThumbnail(stranger.headers, id, png)).statusCode).toBe(403);
    expect((await uploadThumbnail(student.headers, id, png)).statusCode).toBe(403);
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    expect(course.thumbnailPath).toBeNull();
  });

  it('on an approved course asks for re-approval and keeps the live picture until then', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const id = await newCourse(teacher.headers);
    const first = await uploadThumbnail(teacher.headers, id, multipart('a.png', 'image/png', tinyPng()));
    await insertReadyLesson(ctx.app, id);
    await ctx.app.inject({ method: 'POST', url: `/api/courses/${id}/submit`, headers: teacher.headers });
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/approvals/${id}/approve`,
      payload: {},
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const second = await uploadThumbnail(teacher.headers, id, multipart('b.png', 'image/png', tinyPng()));
    expect(second.json().status).toBe('PENDING_REAPPROVAL');
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    const live = (course.approvedSnapshot as { info: { thumbnailPath: string } }).info.thumbnailPath;
    expect(live).not.toBe(course.thumbnailPath);
    // The live picture's file is still there for students.
    expect((await ctx.app.inject({ method: 'GET', url: first.json().thumbnailUrl })).statusCode).toBe(200);
  });
});
