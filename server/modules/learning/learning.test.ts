import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMaterials, courseSubscriptions, videoProgress } from '../../db/schema/index';
import hi from '../../i18n/hi/learning.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, submitAndApprove, uploadClip } from '../../test/live-courses';
import { PAYMENT_REQUIRED_MESSAGE, SUBSCRIBE_FIRST_MESSAGE } from './service';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let admin: Headers;
const ids = { free: '', paid: '', draft: '' };
const lessons: { id: string; durationSeconds: number }[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const subscribe = (headers: Headers, courseId: string) =>
  call('POST', `/api/learning/courses/${courseId}/subscribe`, headers);
const progress = (
  headers: Headers,
  videoId: string,
  positionSeconds: number,
  watchedRanges: [number, number][],
) => call('PUT', `/api/learning/videos/${videoId}/progress`, headers, { positionSeconds, watchedRanges });

beforeAll(async () => {
  const clip = makeTinyClip();
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
  ids.free = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Free fractions' });
  lessons.push(await uploadClip(ctx.app, teacher.headers, ids.free, clip, 'lesson', 'Halves'));
  lessons.push(await uploadClip(ctx.app, teacher.headers, ids.free, clip, 'lesson', 'Quarters'));
  await ctx.app.db.insert(courseMaterials).values({
    courseId: ids.free,
    title: 'Worksheet',
    filePath: `courses/${ids.free}/materials/worksheet.pdf`,
    sizeBytes: 10,
  });
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.free);
  ids.paid = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Paid fractions', price: 99 });
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.paid);
  ids.draft = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Draft fractions' });
});
afterAll(async () => ctx?.close());

describe('subscribing', () => {
  it('subscribes to a free live course, again without harm', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    for (let i = 0; i < 2; i += 1) {
      const response = await subscribe(student.headers, ids.free);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ courseId: ids.free, subscribed: true });
    }
    const rows = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(eq(courseSubscriptions.userId, student.user.id));
    expect(rows).toHaveLength(1);
    const list = await call('GET', '/api/learning/subscriptions', student.headers);
    expect(list.json().courses).toEqual([
      expect.objectContaining({ id: ids.free, title: 'Free fractions', lessonCount: 2, progressPercent: 0 }),
    ]);
  });

  it('says honestly that paid courses wait for checkout, and hides unapproved ones', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const paid = await subscribe(student.headers, ids.paid);
    expect(paid.statusCode).toBe(402);
    expect(paid.json()).toEqual({ code: 'PAYMENT_REQUIRED', message: PAYMENT_REQUIRED_MESSAGE.english });
    expect((await subscribe(student.headers, ids.draft)).statusCode).toBe(404);
    expect((await call('GET', '/api/learning/subscriptions', student.headers)).json().courses).toEqual([]);
  });

  it('answers a learner who chose Hindi in Hindi, and English callers word for word (decision 070)', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await subscribe(student.headers, ids.paid)).json().message).toBe(
      'This is a paid course: please buy it to subscribe.',
    );
    await chooseLocale(ctx.app, student.headers, 'hi');
    const paid = await subscribe(student.headers, ids.paid);
    expect(paid.statusCode).toBe(402);
    expect(paid.json()).toEqual({ code: 'PAYMENT_REQUIRED', message: hi['server.learning.paymentRequired'] });
    const course = await call('GET', `/api/learning/courses/${ids.free}`, student.headers);
    expect(course.statusCode).toBe(403);
    expect(course.json().message).toBe(hi['server.learning.subscribeFirst']);
    expect(course.json().message).toBe('कृपया पहले इस कोर्स की सदस्यता लें');
  });

  it('lets teachers and institutes subscribe too', async () => {
    for (const userType of ['teacher', 'institute'] as const) {
      const learner = await buildAndLogin(ctx.app, { userType });
      expect((await subscribe(learner.headers, ids.free)).statusCode).toBe(200);
    }
  });
});

describe('the course player', () => {
  it('refuses a non-subscriber the course and its lesson playlists', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const course = await call('GET', `/api/learning/courses/${ids.free}`, student.headers);
    expect(course.statusCode).toBe(403);
    expect(course.json().message).toBe(SUBSCRIBE_FIRST_MESSAGE.english);
    const playlist = await call(
      'GET',
      `/api/learning/courses/${ids.free}/videos/${lessons[0].id}/hls/index.m3u8`,
      student.headers,
    );
    expect(playlist.statusCode).toBe(403);
    expect((await progress(student.headers, lessons[0].id, 1, [[0, 1]])).statusCode).toBe(403);
  });

  it('gives a subscriber lessons with playlists, resume positions and signed material', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribe(student.headers, ids.free);
    const response = await call('GET', `/api/learning/courses/${ids.free}`, student.headers);
    expect(response.statusCode).toBe(200);
    const course = response.json();
    expect(course.lessons.map((l: { title: string }) => l.title)).toEqual(['Halves', 'Quarters']);
    expect(course.lessons[0]).toMatchObject({
      positionSeconds: 0,
      completed: false,
      playlistUrl: `/api/learning/courses/${ids.free}/videos/${lessons[0].id}/hls/index.m3u8`,
    });
    expect(course.materials).toEqual([
      { id: expect.any(String), title: 'Worksheet', url: expect.stringMatching(/^\/api\/files\//) },
    ]);
    const playlist = await call('GET', course.lessons[0].playlistUrl, student.headers);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(/^#EXTM3U/);
    // Authors and admins watch the live version without subscribing.
    expect((await call('GET', course.lessons[0].playlistUrl, teacher.headers)).statusCode).toBe(200);
    expect((await call('GET', course.lessons[0].playlistUrl, admin)).statusCode).toBe(200);
  });

  it('records the parts watched, completes at 90% watched (not by skipping to the end) and resumes', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribe(student.headers, ids.free);
    const [lesson] = lessons;
    const end = lesson.durationSeconds;
    const partial = await progress(student.headers, lesson.id, 0.3, [[0, 0.3]]);
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ positionSeconds: 0.3, watchedSeconds: 0.3, completed: false });

    // Jumping to the end (and beyond) counts only the part played there.
    const skipped = (await progress(student.headers, lesson.id, 500, [[0.9, 500]])).json();
    expect(skipped).toMatchObject({ positionSeconds: end, completed: false });
    expect(skipped.watchedSeconds).toBeCloseTo(0.3 + (end - 0.9), 5);

    // Watching the middle closes the gap: the whole lesson is watched.
    const whole = (await progress(student.headers, lesson.id, 0.9, [[0.3, 0.9]])).json();
    expect(whole).toMatchObject({ watchedSeconds: end, completed: true });
    // Going back and replaying keeps the completion and adds no watched time.
    for (let i = 0; i < 2; i += 1) {
      const back = await progress(student.headers, lesson.id, 0.2, [[0, 0.1]]);
      expect(back.json()).toMatchObject({ positionSeconds: 0.2, watchedSeconds: end, completed: true });
    }
    const rows = await ctx.app.db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, student.user.id), eq(videoProgress.videoId, lesson.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].completedAt).not.toBeNull();

    const course = (await call('GET', `/api/learning/courses/${ids.free}`, student.headers)).json();
    expect(course.lessons[0]).toMatchObject({ positionSeconds: 0.2, completed: true });
    expect(course.progressPercent).toBe(50);
    const list = (await call('GET', '/api/learning/subscriptions', student.headers)).json();
    expect(list.courses[0]).toMatchObject({ completedLessons: 1, progressPercent: 50 });

    expect((await progress(student.headers, lesson.id, -1, [])).statusCode).toBe(400);
    expect((await progress(student.headers, lesson.id, 0, [[-1, 2]])).statusCode).toBe(400);
    expect((await progress(student.headers, ids.draft, 1, [[0, 1]])).statusCode).toBe(404);
  });
});

describe('share links', () => {
  it('gives the author one token and subscribes a student who follows it', async () => {
    const first = await call('POST', `/api/courses/${ids.free}/share-token`, teacher.headers);
    expect(first.statusCode).toBe(200);
    const { shareToken, url } = first.json();
    expect(url).toBe(`http://gurukul.test/login?shareToken=${shareToken}`);
    const again = await call('POST', `/api/courses/${ids.free}/share-token`, teacher.headers);
    expect(again.json().shareToken).toBe(shareToken);

    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect((await call('POST', `/api/courses/${ids.free}/share-token`, other.headers)).statusCode).toBe(403);

    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const redeem = await call('POST', `/api/learning/share/${shareToken}`, student.headers);
    expect(redeem.statusCode).toBe(200);
    expect(redeem.json()).toEqual({ courseId: ids.free });
    expect((await call('GET', `/api/learning/courses/${ids.free}`, student.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/learning/share/not-a-token', student.headers)).statusCode).toBe(404);

    const draftToken = (await call('POST', `/api/courses/${ids.draft}/share-token`, teacher.headers)).json();
    expect(
      (await call('POST', `/api/learning/share/${draftToken.shareToken}`, student.headers)).statusCode,
    ).toBe(404);
  });
});
