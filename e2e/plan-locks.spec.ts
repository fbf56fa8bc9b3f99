import { moduleAddLockedMessage } from '../common/plan-limits';
import { moduleLevels, PLAN_LIMIT_KEYS } from '../common/plans';
import { DEMO } from './support/accounts';
import {
  apiLogin,
  authHeader,
  escapeRegExp,
  loginWith,
  signUpTeacherInBrowser,
  uniqueEmail,
} from './support/api';
import { payPlanWithTestCheckout } from './support/billing';
import { layoutProblems } from './support/page-checks';
import { expect, type Locator, test } from './support/test';

/**
 * Issue 31 item 5, plan locks (decision 062): a teacher whose plan gives Courses and the Course library PARTIAL
 * (use what exists, add nothing more) finds every control that adds one disabled, described by a note that gives
 * the server's reason and the way to upgrade, which the keyboard reaches; the server refuses the same adds with
 * the same words.
 */

/** A locked control: disabled, and read out with the plan's reason and the way out. */
async function expectLocked(control: Locator, reason: string) {
  await expect(control).toBeDisabled();
  await expect(control).toHaveAccessibleDescription(
    new RegExp(`^${escapeRegExp(reason)} Upgrade your plan$`),
  );
}

test('a plan that keeps courses and slide decks but adds none locks every add control, says why and where to upgrade, and the server refuses alike', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const admin = authHeader((await apiLogin(request, DEMO.admin.email)).jwtToken);
  // Long on purpose: an admin's plan name wraps on a phone's upgrade page (the every-page sweep may see it too).
  const planName = `Keep-what-you-have ${stamp}`;
  const created = await request.post('/api/admin/plans', {
    headers: admin,
    data: {
      name: planName,
      description: 'Courses and slide decks already made stay; adding more needs an upgrade.',
      audience: 'teacher',
      trialDays: 0,
      baseCurrency: 'INR',
      prices: [{ currency: 'INR', period: 'monthly', amount: 99 }],
      limits: Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, null])),
      modules: moduleLevels({ courses: 'PARTIAL', courseLibrary: 'PARTIAL' }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { id: string }).id;

  const email = uniqueEmail('plan-locks');
  const password = 'Teacher2026';
  try {
    await signUpTeacherInBrowser(page, request, { fullName: 'Kavya Keep-It', email, password });
    await loginWith(page, email, password, '/guru-list');
    await page.goto('/plan?page=upgrade');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Choose ${planName}` })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await payPlanWithTestCheckout(page, planName);
  } finally {
    // Off the pricing pages at once (other journeys read them); a retired plan stays with its subscriber.
    const retired = await request.post(`/api/admin/plans/${planId}/retire`, { headers: admin });
    expect(retired.status(), await retired.text()).toBe(200);
  }
  const courses = moduleAddLockedMessage('courses');
  const decks = moduleAddLockedMessage('courseLibrary');

  // Home: the checklist's first step and the empty Gurus page both add a course, so both are locked.
  await page.goto('/guru-list');
  const courseStep = page.getByTestId('checklist-course');
  await expectLocked(courseStep.getByRole('button', { name: 'Create your course' }), courses);
  await expect(courseStep.getByTestId('plan-lock')).toContainText(courses);
  await expectLocked(page.getByTestId('gurus-empty').getByRole('button', { name: 'Create course' }), courses);
  // At 390 px the notes wrap inside the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(courseStep.getByTestId('plan-lock')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Course Management: Add course is skipped by Tab (disabled); the next stop is the note's upgrade link.
  await page.goto('/course-list');
  await expectLocked(page.getByRole('button', { name: 'Add course' }), courses);
  await page.getByRole('heading', { name: 'Course Management' }).click();
  await page.keyboard.press('Tab');
  const upgrade = page.getByTestId('plan-lock').getByRole('link', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/plan\?page=upgrade$/);

  // A new course's page, opened by its address: its first save would add a course.
  await page.goto('/add-course-list?step=course-information');
  await expectLocked(page.getByRole('button', { name: 'Save and continue' }), courses);

  // The course library: the list's Upload slides and the upload page's Upload.
  await page.goto('/course-library-list');
  await expectLocked(page.getByRole('button', { name: 'Upload slides' }), decks);
  await expect(page.getByRole('button', { name: 'Upload your first deck' })).toBeDisabled();
  await page.goto('/course-library-upload');
  await expectLocked(page.getByRole('button', { name: 'Upload', exact: true }), decks);
  await expect(page.getByTestId('plan-lock')).toContainText(decks);

  // The server decides: asked directly, it refuses both adds in the same words.
  const teacher = authHeader((await apiLogin(request, email, password)).jwtToken);
  const course = await request.post('/api/courses', {
    headers: teacher,
    data: {
      title: 'A course the plan does not allow',
      description: 'Added past the page.',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
      price: 0,
      currency: 'INR',
      passingScore: 40,
    },
  });
  expect(course.status(), await course.text()).toBe(403);
  expect(((await course.json()) as { message: string }).message).toBe(courses);
  const deck = await request.post('/api/course-libraries', {
    headers: teacher,
    multipart: {
      title: 'A deck the plan does not allow',
      file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
    },
  });
  expect(deck.status(), await deck.text()).toBe(403);
  expect(((await deck.json()) as { message: string }).message).toBe(decks);
});
