import { LIBRARY_MSG } from '../common/library';
import { makeDemoDeck } from '../server/seed/demo-library';
import { DEMO } from './support/accounts';
import { apiLogin, authHeader, loginWith, signUpTeacherInBrowser, uniqueEmail } from './support/api';
import { choose, firstOption } from './support/course-pages';
import { expect, type Page, test } from './support/test';

/**
 * Issue 31 item 5, the first hour (decision 061): a new teacher signs up (the page offers Teacher, Institute and
 * Student), lands on an empty Gurus page that says a guru needs a course first, and follows the getting-started
 * checklist from a course to a narrated lesson, a guru wearing a gallery avatar (no photo uploaded), a published
 * course and its share link, each step ticking itself as they come back; at the end the checklist can be hidden.
 * It submits a course to the approval queue, so it runs with the shared-state journeys.
 */

const checklist = (page: Page) => page.getByTestId('getting-started');
const step = (page: Page, key: string) => page.getByTestId(`checklist-${key}`);

/** Back home: the checklist as the server ticks it now. */
async function home(page: Page, done: string[]) {
  await page.goto('/guru-list');
  for (const key of ['course', 'lesson', 'guru', 'publish', 'share'])
    await expect(step(page, key), key).toHaveAttribute('data-done', done.includes(key) ? 'true' : 'false');
}

test('a new teacher follows the checklist from sign-up to a published, shared course with a guru', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const stamp = Date.now().toString(36);
  const email = uniqueEmail('first-hour');
  const password = 'Teacher2026';

  // Sign-up offers the three roles anyone may take; partners and developers have their own links.
  await signUpTeacherInBrowser(page, request, { fullName: 'Meera First-Hour', email, password });

  // Home: an empty Gurus page that says what comes first, and the checklist with nothing done.
  await loginWith(page, email, password, '/guru-list');
  await expect(page.getByTestId('gurus-empty')).toContainText('it needs a course first');
  await expect(page.getByTestId('gurus-empty').getByRole('link', { name: 'Create course' })).toBeVisible();
  await expect(checklist(page).getByRole('heading', { name: 'Get started' })).toBeVisible();
  await home(page, []);

  // 1. The course.
  await checklist(page).getByRole('link', { name: 'Create your course' }).click();
  await expect(page).toHaveURL(/\/add-course-list\?step=course-information$/);
  const courseTitle = `Polygons for beginners ${stamp}`;
  await page.getByLabel(/^Title/).fill(courseTitle);
  await page.getByLabel(/^Price/).fill('0');
  await page.getByLabel(/^Description/).fill('Sides, angles and the names of polygons.');
  await choose(page, 'Category', 'Mathematics');
  await choose(page, 'Level', 'Beginner');
  await choose(page, 'Language', 'English');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Course Saved')).toBeVisible();
  await expect(page).toHaveURL(/courseId=[0-9a-f-]{36}/);
  const courseId = new URL(page.url()).searchParams.get('courseId') as string;
  await home(page, ['course']);
  // With a course, the empty Gurus page no longer sends the teacher to make one.
  await expect(page.getByTestId('gurus-empty')).not.toContainText('it needs a course first');

  // 2. A narrated lesson: slides into the course library, narrated, then added to the course.
  await checklist(page).getByRole('link', { name: 'Narrate your slides' }).click();
  await expect(page).toHaveURL(/\/course-library-list$/);
  await page.getByRole('link', { name: 'Upload slides' }).first().click();
  const libraryTitle = `Polygons ${stamp}`;
  await page.getByLabel('Title').fill(libraryTitle);
  await page.locator('input[type=file]').setInputFiles({
    name: 'polygons.pdf',
    mimeType: 'application/pdf',
    buffer: await makeDemoDeck(),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/course-library-wizard\?id=[0-9a-f-]{36}/, { timeout: 30_000 });
  await firstOption(page, 'Voice');
  await firstOption(page, 'Fallback voice');
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByText(LIBRARY_MSG.generated).first()).toBeVisible({ timeout: 150_000 });

  await page.goto('/guru-list');
  await expect(step(page, 'lesson')).toHaveAttribute('data-done', 'false');
  await checklist(page).getByRole('link', { name: 'Add it to your course' }).click();
  await expect(page).toHaveURL(new RegExp(`courseId=${courseId}&step=course-videos$`));
  await page.getByRole('button', { name: 'Add from course library' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Course library video' }).click();
  await page.getByRole('option', { name: new RegExp(libraryTitle) }).click();
  await dialog.getByRole('button', { name: 'Add video' }).click();
  await expect(page.getByTestId('video-row').first().getByTestId('video-status')).toHaveText('ready', {
    timeout: 60_000,
  });
  await home(page, ['course', 'lesson']);

  // 3. The guru, finished without uploading a photo: an illustrated avatar from the gallery.
  await checklist(page).getByRole('link', { name: 'Build your guru' }).click();
  await expect(page).toHaveURL(/\/training-guru\?step=training-information/);
  const guruName = `Polygon Guru ${stamp}`;
  await page.getByLabel(/^Name/).fill(guruName);
  await page.getByLabel(/^Subject/).fill('Polygons');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Guru saved')).toBeVisible();
  await expect(page).toHaveURL(/guruId=[0-9a-f-]{36}.*step=course-videos/);
  await page.getByRole('checkbox', { name: courseTitle }).check();
  await page.getByRole('button', { name: 'Save courses' }).click();
  await expect(page.getByText('Courses and videos saved')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=avatar-information/);
  const gallery = page.getByTestId('avatar-gallery');
  await expect(gallery.getByRole('button')).toHaveCount(6);
  // Chosen with the keyboard: focus the headscarf avatar and press Enter.
  await gallery.getByRole('button', { name: 'Teacher in a headscarf' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Picture saved')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Teacher in a headscarf' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('static-avatar').locator('img')).toHaveAttribute('src', /avatar/);
  await firstOption(page, 'Voice');
  await firstOption(page, 'Fallback voice');
  await page.getByRole('button', { name: 'Save avatar' }).click();
  await expect(page.getByText('Avatar saved')).toBeVisible();
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await expect(page.getByTestId('train-panel').getByTestId('guru-status')).toHaveText('Ready', {
    timeout: 90_000,
  });
  await home(page, ['course', 'lesson', 'guru']);
  await expect(page.getByTestId('guru-card').filter({ hasText: guruName }).locator('img')).toHaveAttribute(
    'src',
    /avatar/,
  );

  // 4. Publish: submitted, the step waits for the admin; approved, it ticks.
  await checklist(page).getByRole('link', { name: 'Submit your course' }).click();
  await expect(page).toHaveURL(new RegExp(`courseId=${courseId}`));
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('course-status')).toHaveText('Pending approval');
  await home(page, ['course', 'lesson', 'guru']);
  await expect(step(page, 'publish')).toContainText('Waiting for approval');
  const admin = await apiLogin(request, DEMO.admin.email);
  const approved = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await home(page, ['course', 'lesson', 'guru', 'publish']);

  // 5. Share: the course's link for students.
  await checklist(page).getByRole('link', { name: 'Get your share link' }).click();
  await expect(page).toHaveURL(new RegExp(`/view-course\\?courseId=${courseId}$`));
  await page.getByRole('button', { name: 'Get share link' }).click();
  await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveValue(/shareToken=/);
  await home(page, ['course', 'lesson', 'guru', 'publish', 'share']);

  // All done, on a phone too: nothing scrolls sideways; then the checklist is hidden for good.
  await expect(checklist(page).getByRole('heading', { name: 'You are all set' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
  ).toBe(false);
  await checklist(page).getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('guru-card').first()).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
