import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFaqs, courses } from '../../db/schema/index';
import hi from '../../i18n/hi/catalog.json';
import { ensureLesson } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, submitAndApprove, uploadClip } from '../../test/live-courses';
import { multipart } from '../../test/uploads';
import { buildSnapshot } from '../approvals/snapshots';

let ctx: TestContext;
type Headers = Record<string, string>;
let teacher: Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Headers;
const ids = { live: '', paid: '', draft: '', pending: '' };
const videos = { lesson: '', preview: '' };

const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const titles = (body: { courses: { title: string }[] }) => body.courses.map((course) => course.title);

beforeAll(async () => {
  const clip = makeTinyClip();
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Catalog' });
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;

  ids.live = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Geometry for everyone' });
  videos.lesson = (await uploadClip(ctx.app, teacher.headers, ids.live, clip, 'lesson', 'Angles')).id;
  videos.preview = (await uploadClip(ctx.app, teacher.headers, ids.live, clip, 'preview', 'Taster')).id;
  await ctx.app.db
    .insert(courseFaqs)
    .values({ courseId: ids.live, question: 'Is it hard?', answer: 'No.', position: 0 });
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.live);

  ids.paid = await createCourseViaApi(ctx.app, teacher.headers, {
    title: 'Quantum physics deep dive',
    category: 'Science',
    level: 'Advanced',
    price: 499,
  });
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.paid);

  ids.draft = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Geometry draft' });
  ids.pending = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Geometry pending' });
  await ensureLesson(ctx.app, ids.pending);
  const submit = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${ids.pending}/submit`,
    headers: teacher.headers,
  });
  expect(submit.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

describe('the public catalog', () => {
  it('lists only courses with an approved version, with their teacher, counts and poster', async () => {
    const response = await get('/api/catalog/courses');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(titles(body).sort()).toEqual(['Geometry for everyone', 'Quantum physics deep dive']);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    const live = body.courses.find((c: { id: string }) => c.id === ids.live);
    expect(live).toMatchObject({
      teacherName: 'Tara Catalog',
      lessonCount: 1,
      previewCount: 1,
      price: 0,
      currency: 'INR',
      category: 'Mathematics',
    });
    // The lessons' length, read from the live version (the preview's is not counted), as the detail page says.
    const detail = (await get(`/api/catalog/courses/${ids.live}`)).json();
    expect(detail.lessons[0].durationSeconds).toBeGreaterThan(0);
    expect(live.totalSeconds).toBe(Math.round(detail.lessons[0].durationSeconds));
    // Cards show the course picture or a generated cover, never a lesson frame (decision 046).
    expect(live.thumbnailUrl).toBeNull();
    expect(live).not.toHaveProperty('posterUrl');
    for (const hidden of [ids.draft, ids.pending]) {
      expect((await get(`/api/catalog/courses/${hidden}`)).statusCode).toBe(404);
    }
  });

  it('keeps showing the approved version while a re-approval waits', async () => {
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${ids.live}`,
      headers: teacher.headers,
      payload: {
        title: 'Geometry renamed',
        description: 'Changed.',
        category: 'Mathematics',
        level: 'Beginner',
        language: 'English',
        price: 0,
        currency: 'INR',
        passingScore: 0,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await ctx.app.db.query.courses.findFirst({ where: (c, { eq }) => eq(c.id, ids.live) });
    expect(row?.approvalStatus).toBe('PENDING_REAPPROVAL');
    const list = await get('/api/catalog/courses?search=geometry');
    expect(titles(list.json())).toEqual(['Geometry for everyone']);
    expect(titles(await (await get('/api/catalog/courses?search=renamed')).json())).toEqual([]);
    const detail = await get(`/api/catalog/courses/${ids.live}`);
    expect(detail.json()).toMatchObject({
      title: 'Geometry for everyone',
      description: 'A course for the catalog tests.',
    });
  });

  it('searches and filters on the approved version', async () => {
    const cases: [string, string[]][] = [
      ['search=QUANTUM', ['Quantum physics deep dive']],
      ['search=Tara', ['Geometry for everyone', 'Quantum physics deep dive']],
      ['category=Science', ['Quantum physics deep dive']],
      ['level=Beginner', ['Geometry for everyone']],
      ['language=Hindi', []],
      ['price=free', ['Geometry for everyone']],
      ['price=paid', ['Quantum physics deep dive']],
      ['price=paid&category=Mathematics', []],
      ['search=%25', []],
    ];
    for (const [query, expected] of cases) {
      const response = await get(`/api/catalog/courses?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(titles(response.json()).sort(), query).toEqual(expected);
    }
    expect((await get('/api/catalog/courses?price=cheap')).statusCode).toBe(400);
  });

  it('pages through many courses, twelve at a time', async () => {
    for (let i = 0; i < 13; i += 1) {
      const [course] = await ctx.app.db
        .insert(courses)
        .values({
          ownerId: teacher.user.id,
          title: `Music lesson ${i}`,
          category: 'Music',
          level: 'Beginner',
          language: 'English',
          approvalStatus: 'APPROVED',
          reviewedAt: new Date(Date.now() - i * 1000),
        })
        .returning();
      await ctx.app.db
        .update(courses)
        .set({ approvedSnapshot: await buildSnapshot(ctx.app.db, course) })
        .where(eq(courses.id, course.id));
    }
    const first = (await get('/api/catalog/courses?category=Music')).json();
    const second = (await get('/api/catalog/courses?category=Music&page=2')).json();
    expect(first.total).toBe(13);
    expect(first.courses).toHaveLength(12);
    expect(second.courses).toHaveLength(1);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(13);
    expect(second.courses[0].title).toBe('Music lesson 12');
    // A page past the last has no rows to carry the total; it is still told.
    const past = (await get('/api/catalog/courses?category=Music&page=3')).json();
    expect(past).toMatchObject({ courses: [], total: 13, page: 3 });
    expect((await get('/api/catalog/courses?category=Nothing&page=2')).json()).toMatchObject({ total: 0 });
  });

  it('sends the list in the encoding asked for, each the same page, and a signed-in reader the same list', async () => {
    // A full page (the paging test's courses are in): over the size below which nothing is compressed.
    const plain = await get('/api/catalog/courses');
    expect(plain.json().courses).toHaveLength(12);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get('/api/catalog/courses', { 'accept-encoding': 'gzip, br' });
    const gzip = await get('/api/catalog/courses', { 'accept-encoding': 'gzip' });
    const refused = await get('/api/catalog/courses', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(refused.headers['content-encoding']).toBeUndefined();
    const page = plain.json();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(page);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(page);
    expect(refused.json()).toEqual(page);
    expect((await get('/api/catalog/courses', teacher.headers)).json()).toEqual(page);
  });

  it('shows a course detail with lessons, previews, FAQ and the caller’s subscription', async () => {
    const anonymous = (await get(`/api/catalog/courses/${ids.live}`)).json();
    expect(anonymous).toMatchObject({
      lessons: [{ id: videos.lesson, title: 'Angles' }],
      previews: [
        {
          id: videos.preview,
          title: 'Taster',
          playlistUrl: `/api/catalog/courses/${ids.live}/previews/${videos.preview}/hls/index.m3u8`,
        },
      ],
      faqs: [{ question: 'Is it hard?', answer: 'No.' }],
      materialCount: 0,
      subscribed: null,
    });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await get(`/api/catalog/courses/${ids.live}`, student.headers)).json().subscribed).toBe(false);
    const subscribe = await ctx.app.inject({
      method: 'POST',
      url: `/api/learning/courses/${ids.live}/subscribe`,
      headers: student.headers,
    });
    expect(subscribe.statusCode).toBe(200);
    expect((await get(`/api/catalog/courses/${ids.live}`, student.headers)).json().subscribed).toBe(true);
  });

  it('plays preview videos for anyone, never lessons', async () => {
    const base = `/api/catalog/courses/${ids.live}`;
    const playlist = await get(`${base}/previews/${videos.preview}/hls/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = playlist.body.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const segmentResponse = await get(`${base}/previews/${videos.preview}/hls/${segment}`);
    expect(segmentResponse.statusCode).toBe(200);
    expect(segmentResponse.headers['content-type']).toBe('video/mp2t');

    const lesson = await get(`${base}/previews/${videos.lesson}/hls/index.m3u8`);
    expect(lesson.statusCode).toBe(403);
    expect(lesson.json().message).toBe('Please subscribe to this course first');
    // Decision 070: in Hindi for a visitor whose browser asks for it.
    const lessonInHindi = await get(`${base}/previews/${videos.lesson}/hls/index.m3u8`, {
      'accept-language': 'hi',
    });
    expect(lessonInHindi.statusCode).toBe(403);
    expect(lessonInHindi.json().message).toBe(hi['server.catalog.subscribeFirst']);
    const missingInHindi = await get(`/api/catalog/courses/${ids.draft}`, { 'accept-language': 'hi' });
    expect(missingInHindi.statusCode).toBe(404);
    expect(missingInHindi.json().message).toBe(hi['server.catalog.courseNotFound']);
    expect((await get(`/api/catalog/courses/${ids.draft}`)).json().message).toBe('Course not found');
    expect((await get(`${base}/previews/${ids.draft}/hls/index.m3u8`)).statusCode).toBe(404);
    expect((await get(`${base}/previews/${videos.preview}/hls/..%2Fposter.jpg`)).statusCode).toBe(404);
    expect(
      (await get(`/api/catalog/courses/${ids.pending}/previews/${videos.preview}/hls/index.m3u8`)).statusCode,
    ).toBe(404);
  });
});

describe('brands on catalog cards (issue 19 item 7)', () => {
  const uploadLogo = async (who: Awaited<ReturnType<typeof buildAndLogin>>) => {
    const file = multipart('logo.png', 'image/png', pngOf(640, 320));
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/common/user-info/${who.user.id}/image?kind=brandLogo`,
      payload: file.payload,
      headers: { ...who.headers, ...file.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const card = async (id: string) =>
    (
      (await get('/api/catalog/courses?search=Brand')).json().courses as {
        id: string;
        brandLogoUrl: string | null;
      }[]
    ).find((course) => course.id === id);

  it("shows the teacher's logo, else their institute's, else none (the product's logo is the page's)", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Brand Institute' });
    const member = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const plain = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const memberCourse = await createCourseViaApi(ctx.app, member.headers, { title: 'Brand member course' });
    await submitAndApprove(ctx.app, member.headers, admin, memberCourse);
    const plainCourse = await createCourseViaApi(ctx.app, plain.headers, { title: 'Brand plain course' });
    await submitAndApprove(ctx.app, plain.headers, admin, plainCourse);

    expect((await card(plainCourse))?.brandLogoUrl).toBeNull();
    expect((await card(memberCourse))?.brandLogoUrl).toBeNull();

    await uploadLogo(institute);
    const inherited = (await card(memberCourse))?.brandLogoUrl;
    expect(inherited).toMatch(new RegExp(`^/api/files/users/${institute.user.id}/[\\w-]+-medium\\.webp\\?`));
    const served = await get(inherited as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    await uploadLogo(member);
    expect((await card(memberCourse))?.brandLogoUrl).toMatch(
      new RegExp(`^/api/files/users/${member.user.id}/`),
    );
    const detail = (await get(`/api/catalog/courses/${memberCourse}`)).json();
    expect(detail.brandLogoUrl).toMatch(
      new RegExp(`^/api/files/users/${member.user.id}/[\\w-]+-medium\\.webp\\?`),
    );
  });
});

/** A drawn PNG, so the resizer has a real picture. */
function pngOf(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#c05621';
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}
