import { loginAs, newSession } from './support/accounts';
import { authHeader } from './support/api';
import { expect, type Page, test } from './support/test';

/**
 * Issue 37, item 3: the demo lesson's summary and key terms beside the player; a key term's moment plays the
 * lesson from there; the teacher hides the key terms from the course wizard and the student no longer sees them,
 * then shows them again.
 */
async function demoCourseId(page: Page): Promise<string> {
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const response = await page.request.get('/api/learning/subscriptions', { headers: authHeader(token) });
  const { courses } = (await response.json()) as { courses: { id: string; title: string }[] };
  const demo = courses.find((course) => course.title === 'Foundations of Geometry');
  expect(demo, 'student@ is subscribed to the demo course').toBeTruthy();
  return demo?.id as string;
}

test('a student reads the lesson notes and plays a key term’s moment; the teacher hides and shows them', async ({
  page,
  browser,
}) => {
  test.slow();
  await loginAs(page, 'student');
  const courseId = await demoCourseId(page);
  await page.goto(`/subscribed-courses?courseId=${courseId}`);
  const notes = page.getByTestId('lesson-notes');
  await expect(notes.getByRole('tab', { name: 'Summary' })).toBeVisible();
  await expect(notes.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();

  await notes.getByRole('tab', { name: 'Key terms' }).click();
  const firstMoment = notes
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Play the lesson from/ })
    .first();
  const label = (await firstMoment.getAttribute('aria-label')) ?? '';
  const [minutes, seconds] = (/(\d+):(\d{2})$/.exec(label)?.slice(1) ?? ['0', '0']).map(Number);
  const at = (minutes ?? 0) * 60 + (seconds ?? 0);
  await firstMoment.click();
  const player = page.getByTestId('video-player');
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(Math.max(0, at - 1));

  // The teacher hides the key terms of the first lesson from the course wizard.
  const teacher = await newSession(browser, 'teacher');
  await teacher.goto(`/add-course-list?courseId=${courseId}&step=course-videos`);
  await teacher
    .getByRole('button', { name: /^Summary and key terms of / })
    .first()
    .click();
  const editor = teacher.getByRole('dialog', { name: /^Summary and key terms:/ });
  await expect(editor.getByRole('textbox', { name: 'Sentence 1' })).not.toHaveValue('');
  await editor.getByLabel('Hide the key terms from students').check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  await page.reload();
  await expect(notes.getByRole('tab', { name: 'Summary' })).toBeVisible();
  await expect(notes.getByRole('tab', { name: 'Key terms' })).toHaveCount(0);

  // And shows them again.
  await teacher
    .getByRole('button', { name: /^Summary and key terms of / })
    .first()
    .click();
  await editor.getByLabel('Hide the key terms from students').uncheck();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await page.reload();
  await expect(notes.getByRole('tab', { name: 'Key terms' })).toBeVisible();
  await teacher.context().close();
});
