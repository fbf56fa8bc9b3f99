import { apiLogin, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { expect, type Locator, test } from './support/test';

/**
 * The public storefront and the moments between lessons (issue 21): the home page shows the guru answering, the
 * narrated lessons and the live courses with generated covers; pricing lists each feature once and no trial
 * badge on the free plan; a preview that ends offers the course, and a lesson that ends offers the next one.
 */

/** Plays a video from just before its end (muted, so the browser allows it). */
async function playToTheEnd(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration || 0), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    element.currentTime = Math.max(0, element.duration - 0.6);
    return element.play();
  });
}

test('a visitor sees the guru answer, the courses, and after a preview is offered the course', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI guru');
  await expect(page.getByText('Why do the angles of a triangle add up to 180°?')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Narrated lessons from the slides you already have' }),
  ).toBeVisible();
  const course = page.getByTestId('home-course').filter({ hasText: 'Foundations of Geometry' });
  // No picture uploaded: a cover made from the course, not a lesson frame.
  await expect(course.getByTestId('generated-cover')).toContainText('Mathematics');
  await course.click();
  await expect(page).toHaveURL(/\/explore-course\?courseId=/);
  const courseUrl = page.url();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('course-detail')).toBeVisible();
  await expect(drawer.getByTestId('after-preview')).toHaveCount(0);

  await drawer
    .getByRole('button', { name: /^Play preview/ })
    .first()
    .click();
  // The Play button plays: the video starts without a second click on the player.
  await expect
    .poll(() => drawer.getByTestId('video-player').evaluate((video: HTMLVideoElement) => video.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await playToTheEnd(drawer.getByTestId('video-player'));
  const offer = drawer.getByTestId('after-preview');
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await expect(offer).toContainText(/The whole course has \d+ lessons?\./);
  await offer.getByRole('button', { name: 'Log in to subscribe' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The preview page makes the same offer when its preview ends, leading back to the course.
  await page.goto(`/preview-video?courseId=${new URL(courseUrl).searchParams.get('courseId')}`);
  await playToTheEnd(page.getByTestId('video-player'));
  const pageOffer = page.getByTestId('after-preview');
  await expect(pageOffer).toContainText(/The whole course has \d+ lessons?\./, { timeout: 20_000 });
  await pageOffer.getByRole('link', { name: 'See the course and subscribe' }).click();
  await expect(page).toHaveURL(/\/explore-course\?courseId=/);
  await expect(page.getByRole('dialog').getByTestId('course-detail')).toBeVisible();
});

test('pricing lists every feature once and keeps the trial badge for paid plans', async ({ page }) => {
  await page.goto('/pricing');
  for (const name of ['Free Trial', 'Starter', 'Pro']) {
    const card = page.getByLabel(name, { exact: true });
    await expect(card.getByTestId('plan-features')).toBeVisible();
    const features = await card.getByTestId('plan-features').getByRole('listitem').allTextContents();
    expect(features.length).toBeGreaterThan(5);
    expect(new Set(features).size, `${name}: ${features.join(' | ')}`).toBe(features.length);
    // "Gurus" once, with its limit, not as a module and again as a limit.
    expect(features.filter((text) => /guru/i.test(text))).toHaveLength(1);
  }
  await expect(page.getByLabel('Free Trial', { exact: true }).getByText(/-day free trial/)).toHaveCount(0);
  await expect(page.getByLabel('Starter', { exact: true }).getByText(/-day free trial/)).toBeVisible();
});

test('a lesson that ends offers the next one, and the last one the quizzes', async ({ page, request }) => {
  // A learner of their own: playing lessons to the end changes progress, which student@'s journeys count on.
  const learner = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'Nia Next',
    prefix: 'up-next',
  });
  const { jwtToken } = await apiLogin(request, learner.email, learner.password);
  const catalog = await request.get('/api/catalog/courses?search=Foundations%20of%20Geometry');
  const courseId = ((await catalog.json()) as { courses: { id: string }[] }).courses[0].id;
  const subscribed = await request.post(`/api/learning/courses/${courseId}/subscribe`, {
    headers: authHeader(jwtToken),
  });
  expect(subscribed.status(), await subscribed.text()).toBeLessThan(300);

  await loginWith(page, learner.email, learner.password, '/subscribed-courses');
  await page.goto(`/subscribed-courses?courseId=${courseId}`);
  const lessons = page.getByTestId('lesson-item');
  await expect(lessons.first()).toBeVisible();
  const titles = await lessons.allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  await playToTheEnd(page.getByTestId('video-player'));
  const upNext = page.getByTestId('up-next');
  await expect(upNext).toBeVisible({ timeout: 20_000 });
  await upNext.getByRole('button', { name: 'Play next lesson' }).click();
  await expect(upNext).toHaveCount(0);
  await expect(lessons.nth(1)).toHaveAttribute('data-active', 'true');

  // The last lesson points on to the quizzes.
  await lessons.last().click();
  await playToTheEnd(page.getByTestId('video-player'));
  await expect(page.getByTestId('up-next')).toContainText('That was the last lesson', { timeout: 20_000 });
});
