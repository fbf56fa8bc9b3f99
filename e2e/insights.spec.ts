import type { TrainingState } from '../common/contracts/gurus';
import type { CourseInsights, InsightCourseList } from '../common/contracts/insights';
import { loginAs } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { seriousViolations } from './support/page-checks';
import { type APIRequestContext, expect, type Page, test } from './support/test';

const DEMO_COURSE = 'Foundations of Geometry';

/** The demo course's insights as teacher@ sees them through the API, once its figures have been computed. */
async function demoInsights(request: APIRequestContext, token: string): Promise<CourseInsights> {
  const list = await request.get('/api/insights/courses', {
    headers: authHeader(token),
    params: { search: DEMO_COURSE },
  });
  expect(list.status(), await list.text()).toBe(200);
  const course = ((await list.json()) as InsightCourseList).courses.find((c) => c.title === DEMO_COURSE);
  expect(course, 'the demo course among teacher@’s insight courses').toBeTruthy();
  let insights: CourseInsights | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/insights/courses/${course?.id}`, {
          headers: authHeader(token),
        });
        insights = (await response.json()) as CourseInsights;
        return insights.refreshedAt;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  return insights as CourseInsights;
}

/** Waits for the course's insights sections (the first open may show "Preparing insights…" for a while). */
async function sectionsShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Questions students ask' })).toBeVisible({
    timeout: 60_000,
  });
}

test('teacher@ answers an unanswered question from Insights as a FAQ entry, and the guru answers it', async ({
  page,
  request,
}) => {
  // Training the guru again after the FAQ entry is the long part: three times the default.
  test.slow();
  const teacher = await apiLogin(request, 'teacher@gurukul.test');
  const { course, gurus, questions } = await demoInsights(request, teacher.jwtToken);

  await loginAs(page, 'teacher');
  await page.goto('/report?tab=student');
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/report\?.*tab=insights/);

  // The course picker searches the server; the demo course is chosen from it.
  const picker = page.getByRole('combobox', { name: 'Course' });
  await picker.click();
  await picker.fill('Foundations');
  await page.getByRole('option', { name: DEMO_COURSE }).click();
  await expect(page).toHaveURL(new RegExp(`course=${course.id}`));
  await sectionsShown(page);
  await expect(page.getByTestId('insights-refresh')).toContainText(/Updated|Updating/);
  await expect(page.getByTestId('moment-card').first()).toBeVisible();
  await expect(page.getByTestId('lesson-heat').first().getByRole('img')).toHaveAttribute(
    'aria-label',
    /questions?, most at \d+:\d\d–\d+:\d\d/,
  );
  // The moments listed and those left out add up to the questions that leaned on a moment.
  const listed = questions.moments.reduce((sum, moment) => sum + moment.asks, 0);
  if (questions.momentAsks > listed)
    await expect(page.getByTestId('more-moments')).toHaveText(
      new RegExp(`^\\+ ${questions.momentAsks - listed} more questions? on other moments$`),
    );
  else await expect(page.getByTestId('more-moments')).toHaveCount(0);
  // A lesson moment plays in place, from where it is.
  const play = page
    .getByTestId('moment-card')
    .getByRole('button', { name: /^Play from \d+:\d\d: .+$/ })
    .first();
  const playLabel = (await play.getAttribute('aria-label')) ?? '';
  await play.click();
  const [, at, lesson] = /^Play from (\d+:\d\d): (.+)$/.exec(playLabel) ?? [];
  const player = page.getByRole('dialog', { name: `${lesson} · from ${at}` });
  await expect(player.locator('video')).toBeVisible();
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toBeHidden();

  // An unanswered group not answered yet (an earlier run on the same data may have answered the first).
  const group = page
    .getByTestId('unanswered-group')
    .filter({ has: page.getByRole('button', { name: 'Add to FAQ' }) })
    .first();
  await expect(group).toBeVisible();
  // Named now: once answered the group has no "Add to FAQ" button, so `group` would move on to the next one.
  // Its name is its title: the question as students wrote it most often, quoted.
  const title = (await group.getAttribute('aria-label')) ?? '';
  const answered = page.getByRole('article', { name: title, exact: true });
  const wording = title.replace(/^“|”$/g, '');
  expect(wording.length).toBeGreaterThan(0);
  await answered.getByRole('button', { name: `Add to FAQ: ${wording}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Add to FAQ' });
  await expect(dialog.getByRole('textbox', { name: 'Question' })).toHaveValue(wording);
  await expect(dialog.getByRole('combobox', { name: 'Guru' })).toHaveValue(gurus[0]?.name ?? 'Geometry Guru');
  // Checked when left after an edit, with the shared schema's message.
  const answer = dialog.getByRole('textbox', { name: 'Answer' });
  await answer.fill('x');
  await answer.fill('');
  await answer.blur();
  await expect(dialog.getByText('Please fill this field')).toBeVisible();
  const stamp = Date.now().toString(36);
  const answerText = `Your class teacher posts it on the notice board two weeks ahead. Reference ${stamp}.`;
  await answer.fill(answerText);
  await expect(dialog.getByText('Please fill this field')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText("Added to Geometry Guru's FAQ. The guru is learning it now.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(answered.getByTestId('faq-added')).toBeVisible();

  // The guru trains again with the entry; then asking that exact question gets the FAQ's answer.
  const guruId = gurus.find((g) => g.name === 'Geometry Guru')?.id ?? gurus[0]?.id;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/gurus/${guruId}/training`, {
          headers: authHeader(teacher.jwtToken),
        });
        return ((await response.json()) as TrainingState).status;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('ready');

  await page.goto(`/guru?guruId=${guruId}&courseId=${course.id}`);
  const question = page.getByRole('textbox', { name: 'Your question' });
  await question.fill(wording);
  await question.press('Enter');
  const reply = page.getByTestId('guru-answer').first();
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(reply).toContainText(answerText);
});

test('the Insights tab fits a phone, passes axe in light and dark, and the admin finds any course', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const teacher = await apiLogin(request, 'teacher@gurukul.test');
  const { course } = await demoInsights(request, teacher.jwtToken);

  await loginAs(page, 'teacher');
  await page.goto(`/report?tab=insights&course=${course.id}`);
  await sectionsShown(page);
  await expect(page.getByRole('switch', { name: 'E-mail me a weekly summary' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);

  // "Improve this slide" opens the library wizard at that slide's narration.
  const improve = page.getByRole('link', { name: 'Improve this slide' }).first();
  if ((await improve.count()) > 0) {
    const href = (await improve.getAttribute('href')) ?? '';
    const slide = new URL(href, 'http://x').searchParams.get('slide');
    await improve.click();
    await expect(page).toHaveURL(/\/course-library-wizard\?id=.+&slide=\d+/);
    await expect(page.getByRole('textbox', { name: `Narration for segment ${slide}` })).toBeFocused();
    // The first slide listed is its lesson's most asked: the hint says so, and is true.
    await expect(page.getByTestId('slide-focus-hint')).toContainText(
      `Students asked most about slide ${slide}.`,
    );
    await page.goBack();
    await sectionsShown(page);
  }

  // At 390 px: cards instead of the quiz table, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/report?tab=insights&course=${course.id}`);
  await sectionsShown(page);
  await expect(page.getByTestId('insights-quizzes')).toBeVisible();
  await page.getByTestId('insights-viewing').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // The weekly digest: switched on and off again, kept on the server.
  // It is disabled (and unchecked) until the setting is read: read it, and click it, only once it is enabled.
  const digest = page.getByRole('switch', { name: 'E-mail me a weekly summary' });
  await expect(digest).toBeEnabled();
  const before = await digest.isChecked();
  // The switch moves at once (optimistic); reload only after the server has answered the save.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/insights/digest') && response.request().method() === 'PUT',
  );
  await digest.click({ force: true });
  await expect(digest).toBeChecked({ checked: !before });
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(digest).toBeEnabled();
  await expect(digest).toBeChecked({ checked: !before });
  await digest.click({ force: true });
  await expect(page.getByRole('switch', { name: 'E-mail me a weekly summary' })).toBeChecked({
    checked: before,
  });

  // The admin has many courses: the picker searches them on the server.
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, 'admin');
  await admin.goto('/admin-report?tab=insights');
  const picker = admin.getByRole('combobox', { name: 'Course' });
  await expect(picker).toBeVisible();
  await picker.click();
  await picker.fill('Foundations of Geo');
  await admin.getByRole('option', { name: DEMO_COURSE }).click();
  await expect(admin).toHaveURL(
    new RegExp(`tab=insights.*course=${course.id}|course=${course.id}.*tab=insights`),
  );
  await sectionsShown(admin);
  await expect(admin.getByTestId('unanswered-group').first()).toBeVisible();
  // Admins get no digest: no switch for one.
  await expect(admin.getByRole('switch', { name: 'E-mail me a weekly summary' })).toHaveCount(0);
  await admin.context().close();

  // institute@ has no course yet: the empty state, and the digest switch for when one goes live.
  const institute = await (await browser.newContext()).newPage();
  await loginAs(institute, 'institute');
  await institute.goto('/report?tab=insights');
  await expect(institute.getByTestId('insights-state')).toContainText(
    'Insights appear once you have a course',
  );
  await expect(institute.getByRole('switch', { name: 'E-mail me a weekly summary' })).toBeVisible();
  await institute.context().close();
});
