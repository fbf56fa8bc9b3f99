import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, storedFiles } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';
import { buildSnapshot } from '../approvals/snapshots';

let ctx: TestContext;
type Headers = Record<string, string>;

/** A minimal valid one-page PDF, written by hand. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);
const FAKE_PDF = Buffer.from('these are lecture notes, not a PDF\n'.repeat(10));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const makeCourse = (ownerId: string, patch: Partial<typeof courses.$inferInsert> = {}) =>
  insertCourse(ctx.app, ownerId, patch);

const url = (courseId: string) => `/api/courses/${courseId}/materials`;
const upload = (
  headers: Headers,
  courseId: string,
  file = multipart('notes.pdf', 'application/pdf', PDF),
  query = '',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `${url(courseId)}${query}`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
const call = (method: 'GET' | 'DELETE', headers: Headers, path: string) =>
  ctx.app.inject({ method, url: path, headers });
const storedUnder = (courseId: string) =>
  ctx.app.db
    .select()
    .from(storedFiles)
    .where(like(storedFiles.path, `courses/${courseId}/materials/%`));

describe('course study material', () => {
  it('stores a real PDF under the course, lists it, signs a URL and deletes it with its file', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id);
    const response = await upload(headers, course.id, undefined, '?title=Chapter%201%20notes');
    expect(response.statusCode, response.body).toBe(201);
    const material = response.json();
    expect(material).toMatchObject({ courseId: course.id, title: 'Chapter 1 notes', sizeBytes: PDF.length });

    const untitled = await upload(
      headers,
      course.id,
      multipart('worked-examples.pdf', 'application/pdf', PDF),
    );
    expect(untitled.json().title).toBe('worked-examples');

    const list = await call('GET', headers, url(course.id));
    expect(list.json().materials.map((m: { title: string }) => m.title)).toEqual([
      'Chapter 1 notes',
      'worked-examples',
    ]);
    const files = await storedUnder(course.id);
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ ownerId: user.id, contentType: 'application/pdf' });
    expect(files[0].path).toMatch(new RegExp(`^courses/${course.id}/materials/[0-9a-f-]{36}\\.pdf$`));

    const signed = await call('GET', headers, `${url(course.id)}/${material.id}/url`);
    expect(signed.statusCode, signed.body).toBe(200);
    const read = await ctx.app.inject({ method: 'GET', url: signed.json().url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);

    expect((await call('DELETE', headers, `${url(course.id)}/${material.id}`)).statusCode).toBe(200);
    expect(await storedUnder(course.id)).toHaveLength(1);
    expect((await call('GET', headers, `${url(course.id)}/${material.id}/url`)).statusCode).toBe(404);
  });

  it('refuses a fake PDF as INVALID_PDF and a PNG as INVALID_FILE, storing nothing', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id);
    const fake = await upload(headers, course.id, multipart('notes.pdf', 'application/pdf', FAKE_PDF));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      code: 'INVALID_PDF',
      message: 'INVALID_PDF: this file is not a valid PDF',
    });
    const png = await upload(headers, course.id, multipart('diagram.png', 'image/png', PNG));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ code: 'INVALID_FILE' });
    expect(await storedUnder(course.id)).toEqual([]);
    expect((await call('GET', headers, url(course.id))).json().materials).toEqual([]);
  });

  it('answers 413 above 25 MB and when the owner storage quota is full', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id);
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    const tooBig = await upload(headers, course.id, multipart('big.pdf', 'application/pdf', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');

    await ctx.app.db.insert(storedFiles).values({
      path: `users/${user.id}/filler.bin`,
      ownerId: user.id,
      contentType: 'application/octet-stream',
      category: 'document',
      sizeBytes: ctx.app.config.storageQuotaBytes,
      visibility: 'private',
    });
    const full = await upload(headers, course.id);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/Your storage is full/);
  });

  it('lets only the course authors in', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const course = await makeCourse(teacher.user.id);
    const material = (await upload(teacher.headers, course.id)).json();
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    for (const outsider of [other, student]) {
      expect((await call('GET', outsider.headers, url(course.id))).statusCode).toBe(403);
      expect((await upload(outsider.headers, course.id)).statusCode).toBe(403);
      expect((await call('GET', outsider.headers, `${url(course.id)}/${material.id}/url`)).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', outsider.headers, `${url(course.id)}/${material.id}`)).statusCode).toBe(
        403,
      );
    }
    expect((await upload(institute.headers, course.id)).statusCode).toBe(201);
    expect((await call('GET', admin.headers, `${url(course.id)}/${material.id}/url`)).statusCode).toBe(200);
    expect((await call('DELETE', admin.headers, `${url(course.id)}/${material.id}`)).statusCode).toBe(200);
    expect((await call('GET', teacher.headers, url(course.id))).json().materials).toHaveLength(1);
  });

  it('completes the study-material step, fills the filters, and keeps a file the live version lists', async () => {
    const owner = await buildUser(ctx.app, { userType: 'teacher' });
    const { headers } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const course = await makeCourse(owner.id, { title: `Material filter ${randomBytes(3).toString('hex')}` });
    const steps = async () => (await call('GET', headers, `/api/courses/${course.id}`)).json().steps;
    expect((await steps())['study-material']).toBe(false);
    const material = (await upload(headers, course.id)).json();
    expect((await steps())['study-material']).toBe(true);
    const titles = async (filter: string) =>
      (await call('GET', headers, `/api/courses?filter=${filter}&search=${course.title}`))
        .json()
        .courses.map((c: { title: string }) => c.title);
    expect(await titles('withStudyMaterial')).toEqual([course.title]);
    expect(await titles('withoutStudyMaterial')).toEqual([]);

    // Approve it as it is: the live version lists the material.
    const [current] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
    await ctx.app.db
      .update(courses)
      .set({ approvalStatus: 'APPROVED', approvedSnapshot: await buildSnapshot(ctx.app.db, current) })
      .where(eq(courses.id, course.id));
    expect((await call('DELETE', headers, `${url(course.id)}/${material.id}`)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row.approvalStatus).toBe('PENDING_REAPPROVAL');
    expect(await storedUnder(course.id)).toHaveLength(1);
    expect((await steps())['study-material']).toBe(false);
  });
});
