import { makeTestClip } from '../server/test/clips';
import { DEMO, loginAs } from './support/accounts';
import { apiLogin, authHeader, createCourseViaApi, createVerifiedAccount } from './support/api';
import { addReadyLesson } from './support/course-lessons';
import { type APIRequestContext, expect, test } from './support/test';
import { playMuted } from './support/video';

// The visitor's country comes from the browser's time zone: New York → United States → US dollars.
test.use({ timezoneId: 'America/New_York' });

/** A real 8-second clip, so the server's packaging runs for real. */
const makeClip = () => makeTestClip({ seconds: 8 }).bytes;

const createCourse = (request: APIRequestContext, token: string, title: string, price: number) =>
  createCourseViaApi(request, token, {
    title,
    description: 'Shapes, angles and proofs, one short lesson at a time.',
    price,
  });

test('a visitor finds an approved course in their currency; a student subscribes, watches and resumes', async ({
  page,
  browser,
  request,
}) => {
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const stamp = `Geo${Date.now().toString(36)}`;
  const freeTitle = `${stamp} Free Geometry`;
  const paidTitle = `${stamp} Paid Geometry`;

  // The teacher creates a free course with a real lesson video and a paid one, and submits both.
  const teacher = await apiLogin(request, DEMO.teacher.email);
  const freeId = await createCourse(request, teacher.jwtToken, freeTitle, 0);
  const paidId = await createCourse(request, teacher.jwtToken, paidTitle, 830);
  const upload = await request.post(
    `/api/courses/${freeId}/videos?kind=lesson&title=Angles%20in%20a%20triangle`,
    {
      headers: authHeader(teacher.jwtToken),
      multipart: { file: { name: 'first-lesson.mp4', mimeType: 'video/mp4', buffer: makeClip() } },
    },
  );
  expect(upload.status(), await upload.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/courses/${freeId}/videos`, {
          headers: authHeader(teacher.jwtToken),
        });
        return ((await list.json()) as { videos: { status: string }[] }).videos[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  // A course needs a ready lesson to be submitted (decision 044): the paid one gets a short one.
  await addReadyLesson(request, teacher.jwtToken, paidId, 'Proofs');
  for (const id of [freeId, paidId]) {
    const submit = await request.post(`/api/courses/${id}/submit`, { headers: authHeader(teacher.jwtToken) });
    expect(submit.status(), await submit.text()).toBe(200);
  }

  // The admin approves both.
  const admin = await apiLogin(request, DEMO.admin.email);
  for (const id of [freeId, paidId]) {
    const approve = await request.post(`/api/approvals/${id}/approve`, {
      headers: authHeader(admin.jwtToken),
      data: {},
    });
    expect(approve.status(), await approve.text()).toBe(200);
  }

  // An anonymous visitor finds them on /explore-course, with prices in US dollars.
  const visitor = await browser.newContext({ timezoneId: 'America/New_York' });
  const guest = await visitor.newPage();
  await guest.goto('/explore-course');
  await guest.getByLabel('Search courses').fill(stamp);
  const cards = guest.getByTestId('catalog-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: freeTitle }).getByTestId('catalog-price')).toHaveText('Free');
  await expect(cards.filter({ hasText: paidTitle }).getByTestId('catalog-price')).toHaveText(
    /^\$\d+\.\d{2}$/,
  );
  // The paid course is bought through the checkout (a guest logs in first); the free one is subscribed.
  await cards.filter({ hasText: paidTitle }).getByRole('button', { name: /^View/ }).click();
  await expect(guest.getByRole('button', { name: 'Log in to buy' })).toBeVisible();
  await guest.keyboard.press('Escape');
  await cards.filter({ hasText: freeTitle }).getByRole('button', { name: /^View/ }).click();
  await expect(guest.getByTestId('course-detail')).toContainText('Angles in a triangle');
  await guest.getByRole('button', { name: 'Log in to subscribe' }).click();
  await expect(guest).toHaveURL(/\/login$/);
  await visitor.close();

  // The student subscribes from /explore-new-courses and lands in the course player.
  await loginAs(page, 'student');
  await page.goto('/explore-new-courses');
  await page.getByLabel('Search courses').fill(stamp);
  await page
    .getByTestId('catalog-card')
    .filter({ hasText: freeTitle })
    .getByRole('button', { name: /^View/ })
    .click();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subscribed-courses\\?courseId=${freeId}$`));

  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await playMuted(player);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(2.5);
  const pausedAt = await player.evaluate((video: HTMLVideoElement) => {
    video.pause();
    return video.currentTime;
  });

  // The server has recorded where the student stopped (a periodic save from just before the pause may be read
  // first on a loaded machine: the pause's own save follows it).
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/learning/courses/${freeId}`, {
        headers: authHeader(token),
      });
      const saved = ((await response.json()) as { lessons: { positionSeconds: number }[] }).lessons[0]
        .positionSeconds;
      return Math.abs(saved - pausedAt);
    })
    .toBeLessThan(1);

  // The course is listed with its progress, and a reload resumes near the same time.
  await page.reload();
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const resumedAt = await player.evaluate((video: HTMLVideoElement) => video.currentTime);
  expect(Math.abs(resumedAt - pausedAt)).toBeLessThan(1.5);

  await page.goto('/subscribed-courses');
  await expect(page.getByTestId('subscribed-card').filter({ hasText: freeTitle })).toBeVisible();

  // The teacher copies the share link from the course page; a new student who follows it is subscribed.
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await loginAs(teacherPage, 'teacher');
  await teacherPage.goto(`/view-course?courseId=${freeId}`);
  await teacherPage.getByRole('button', { name: 'Get share link' }).click();
  const shareUrl = await teacherPage.getByLabel('Share link').inputValue();
  expect(shareUrl).toMatch(/\/login\?shareToken=/);
  const shareToken = new URL(shareUrl).searchParams.get('shareToken');
  await teacherContext.close();
  const newcomer = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'Nina Newcomer',
    prefix: 'share-student',
  });
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const shared = await context.newPage();
  await shared.goto(`/login?shareToken=${shareToken}`);
  await shared.getByLabel('Email').fill(newcomer.email);
  await shared.getByLabel(/^Password/).fill(newcomer.password);
  await shared.getByRole('button', { name: 'Log in' }).click();
  await expect(shared).toHaveURL(new RegExp(`/subscribed-courses\\?courseId=${freeId}$`));
  await expect(shared.getByRole('heading', { name: freeTitle })).toBeVisible();
  await context.close();
});

test("the demo course's first lesson plays with its captions track", async ({ page }) => {
  await loginAs(page, 'student');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const response = await page.request.get('/api/learning/subscriptions', { headers: authHeader(token) });
  const { courses } = (await response.json()) as { courses: { id: string; title: string }[] };
  const demo = courses.find((course) => course.title === 'Foundations of Geometry');
  expect(demo, 'student@ is subscribed to the demo course').toBeTruthy();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`/subscribed-courses?courseId=${demo?.id}`);
  await expect(page.getByText('Points and Lines').first()).toBeVisible();
  await expect(page.getByTestId('course-quiz').first()).toBeVisible();
  // The course was asked with the address, before the page's code (web/app/early-reads.ts), and once: the page took
  // the early answer instead of asking again.
  const pageCode = requested.findIndex((path) => /\/subscribed-courses-page-[^/]*\.js$/.test(path));
  expect(pageCode, requested.join('\n')).toBeGreaterThan(0);
  const course = `/api/learning/courses/${demo?.id}`;
  expect(requested.filter((path) => path === course)).toHaveLength(1);
  expect(requested.indexOf(course)).toBeLessThan(pageCode);
  const player = page.getByTestId('video-player');
  // The player's hls.js is the light build (one muxed rendition; captions are the video's own track).
  await expect
    .poll(() => requested.filter((path) => /\/hls(\.light)?-[\w-]{8}\.js$/.test(path)))
    .toEqual([expect.stringMatching(/\/hls\.light-[\w-]{8}\.js$/)]);
  await expect(player.locator('track[kind=captions]')).toHaveAttribute('src', /\.vtt\?/);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.textTracks.length))
    .toBeGreaterThanOrEqual(1);
});
