import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { courses } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import { brokenPng, drawnPng, servedSize, storedNames } from '../../test/pictures';
import { multipart } from '../../test/uploads';

// Course pictures get medium (320 px) and large (640 px) WebP copies on upload (issue 19 item 2): lists show the
// medium one, catalog cards the large one, the editor and the course detail the picture as uploaded.

let ctx: TestContext;
type Headers = Record<string, string>;
let admin: Headers;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const size = (url: string) => servedSize(ctx.app, url);

function uploadPicture(headers: Headers, courseId: string, bytes: Buffer) {
  const file = multipart('cover.png', 'image/png', bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/thumbnail`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

async function listedPicture(headers: Headers, courseId: string): Promise<string> {
  const response = await get('/api/courses?pageSize=50', headers);
  expect(response.statusCode, response.body).toBe(200);
  const course = (response.json().courses as AuthoredCourse[]).find((c) => c.id === courseId);
  expect(course?.thumbnailUrl).toBeTruthy();
  return course?.thumbnailUrl as string;
}

async function cardPicture(courseId: string): Promise<string> {
  const response = await get('/api/catalog/courses');
  const card = (response.json().courses as { id: string; thumbnailUrl: string | null }[]).find(
    (c) => c.id === courseId,
  );
  expect(card?.thumbnailUrl).toBeTruthy();
  return card?.thumbnailUrl as string;
}

describe('course picture sizes', () => {
  it('makes a medium and a large copy on upload: lists get the medium, catalog cards the large', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Sized pictures' });
    const uploaded = await uploadPicture(teacher.headers, id, drawnPng(1600, 900));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `courses/${id}/thumbnails`)).toEqual([
      'ID-large.webp',
      'ID-medium.webp',
      'ID.png',
    ]);
    // The editor shows what was uploaded.
    expect(await size(uploaded.json().thumbnailUrl)).toEqual({ width: 1600, height: 900, type: 'image/png' });
    expect(await size(await listedPicture(teacher.headers, id))).toEqual({
      width: 320,
      height: 180,
      type: 'image/webp',
    });

    await submitAndApprove(ctx.app, teacher.headers, admin, id);
    expect(await size(await cardPicture(id))).toEqual({ width: 640, height: 360, type: 'image/webp' });
    const detail = (await get(`/api/catalog/courses/${id}`)).json();
    expect(await size(detail.thumbnailUrl)).toEqual({ width: 1600, height: 900, type: 'image/png' });
    // The admins' list of approved courses shows the medium copy too.
    const approved = (await get('/api/approvals?status=APPROVED', admin)).json().courses as AuthoredCourse[];
    const reviewed = approved.find((c) => c.id === id);
    expect(await size(reviewed?.thumbnailUrl as string)).toEqual({
      width: 320,
      height: 180,
      type: 'image/webp',
    });
  });

  it('keeps the upload when no copy can be made, and then serves the picture itself', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Unreadable picture' });
    const uploaded = await uploadPicture(teacher.headers, id, brokenPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `courses/${id}/thumbnails`)).toEqual(['ID.png']);
    const listed = await listedPicture(teacher.headers, id);
    expect(listed.split('?')[0]).toBe(uploaded.json().thumbnailUrl.split('?')[0]);
  });

  it('removes the copies with the picture they belong to, unless the live version still shows it', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Replaced pictures' });
    const folder = `courses/${id}/thumbnails`;
    await uploadPicture(teacher.headers, id, drawnPng(800, 450));
    const firstMedium = await listedPicture(teacher.headers, id);

    // A draft: the first picture and both its copies go.
    await uploadPicture(teacher.headers, id, drawnPng(1200, 600));
    expect(await storedNames(ctx.app, folder)).toEqual(['ID-large.webp', 'ID-medium.webp', 'ID.png']);
    expect((await get(firstMedium)).statusCode).toBe(404);
    expect(await size(await listedPicture(teacher.headers, id))).toMatchObject({ width: 320, height: 160 });

    // Approved: a new picture waits for re-approval, and the live one keeps its copies for the catalog.
    await submitAndApprove(ctx.app, teacher.headers, admin, id);
    await uploadPicture(teacher.headers, id, drawnPng(1000, 1000));
    expect(await storedNames(ctx.app, folder)).toEqual([
      'ID-large.webp',
      'ID-large.webp',
      'ID-medium.webp',
      'ID-medium.webp',
      'ID.png',
      'ID.png',
    ]);
    expect(await size(await cardPicture(id))).toEqual({ width: 640, height: 320, type: 'image/webp' });
    expect(await size(await listedPicture(teacher.headers, id))).toMatchObject({ width: 320, height: 320 });
    // Replaced again while the live version still shows the 1200×600 one: only the 1000×1000 one goes.
    await uploadPicture(teacher.headers, id, drawnPng(1280, 320));
    expect(await storedNames(ctx.app, folder)).toHaveLength(6);
    expect(await size(await listedPicture(teacher.headers, id))).toMatchObject({ width: 320, height: 80 });
  });

  it('deleting a course removes its picture and every copy', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Deleted with its pictures' });
    await uploadPicture(teacher.headers, id, drawnPng(800, 450));
    const medium = await listedPicture(teacher.headers, id);
    expect(await storedNames(ctx.app, `courses/${id}/thumbnails`)).toHaveLength(3);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${id}`,
      headers: teacher.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedNames(ctx.app, `courses/${id}`)).toEqual([]);
    expect(await ctx.app.db.select().from(courses).where(eq(courses.id, id))).toHaveLength(0);
    expect((await get(medium)).statusCode).toBe(404);
  });
});
