import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi } from '../../test/live-courses';
import { EXIF_SECRET, orientedJpeg, redCorner, servedSize, storedNames } from '../../test/pictures';
import { multipart } from '../../test/uploads';

// Phone photos uploaded as course pictures, profile images and brand logos (issue 30 item 10): stored and
// copied the right way up, and without their EXIF (where they were taken).

let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

async function served(url: string) {
  const size = await servedSize(ctx.app, url);
  const bytes = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
  expect(bytes.includes(EXIF_SECRET), url).toBe(false);
  expect(bytes.includes('Exif'), url).toBe(false);
  return { ...size, red: await redCorner(bytes) };
}

const post = (url: string, headers: Headers, file: ReturnType<typeof multipart>) =>
  ctx.app.inject({ method: 'POST', url, payload: file.payload, headers: { ...headers, ...file.headers } });

describe('phone photos', () => {
  it('stores a course picture taken sideways (orientation 6) upright, and its copies too', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Sideways photo' });
    const photo = await orientedJpeg(800, 400, 6);
    const uploaded = await post(
      `/api/courses/${id}/thumbnail`,
      teacher.headers,
      multipart('IMG_0001.jpg', 'image/jpeg', photo),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `courses/${id}/thumbnails`)).toEqual([
      'ID-large.webp',
      'ID-medium.webp',
      'ID.jpg',
    ]);
    expect(await served(uploaded.json().thumbnailUrl)).toEqual({
      width: 400,
      height: 800,
      type: 'image/jpeg',
      red: 'top-right',
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/courses?pageSize=50',
      headers: teacher.headers,
    });
    const course = (listed.json().courses as AuthoredCourse[]).find((c) => c.id === id);
    expect(await served(course?.thumbnailUrl as string)).toEqual({
      width: 320,
      height: 640,
      type: 'image/webp',
      red: 'top-right',
    });
  });

  it('stores a profile image taken upside down (orientation 3) upright, and a brand logo turned', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const image = (kind: string, bytes: Buffer) =>
      post(
        `/api/common/user-info/${user.id}/image?kind=${kind}`,
        headers,
        multipart('photo.jpg', 'image/jpeg', bytes),
      );
    expect((await image('profileImage', await orientedJpeg(600, 300, 3))).statusCode).toBe(200);
    expect((await image('brandLogo', await orientedJpeg(600, 300, 8))).statusCode).toBe(200);
    const paths = async (version?: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/common/user-info/logo-path?userId=${user.id}${version ? `&version=${version}` : ''}`,
          headers,
        })
      ).json();
    const original = await paths();
    expect(await served(original.profileImage)).toEqual({
      width: 600,
      height: 300,
      type: 'image/jpeg',
      red: 'bottom-right',
    });
    expect(await served((await paths('tiny')).profileImage)).toEqual({
      width: 96,
      height: 48,
      type: 'image/webp',
      red: 'bottom-right',
    });
    expect(await served(original.brandLogo)).toMatchObject({ width: 300, height: 600, red: 'bottom-left' });
    expect(await served((await paths('medium')).brandLogo)).toEqual({
      width: 300,
      height: 600,
      type: 'image/webp',
      red: 'bottom-left',
    });
  });

  it('refuses a JPEG whose bytes cannot be read as a picture', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const id = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Broken photo' });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(40, 0x41)]);
    const response = await post(
      `/api/courses/${id}/thumbnail`,
      teacher.headers,
      multipart('broken.jpg', 'image/jpeg', broken),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This picture cannot be read; it may be damaged. Please choose another one.',
    );
    expect(await storedNames(ctx.app, `courses/${id}/thumbnails`)).toEqual([]);
  });
});
