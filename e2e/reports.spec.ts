import { readFileSync } from 'node:fs';
import { type DemoKey, loginAs } from './support/accounts';
import { type Browser, expect, type Page, test } from './support/test';

const DEMO_COURSE = 'Foundations of Geometry';

async function as(browser: Browser, key: DemoKey): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, key);
  return page;
}

/** Clicks "Export CSV" and answers the downloaded file's first line. */
async function exportFirstLine(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  return readFileSync(await file.path(), 'utf8').split('\r\n')[0];
}

test('a student, their teacher and the admin read their reports, and a CSV export downloads', async ({
  browser,
}) => {
  // Three roles in turn: about a minute on a quiet machine, more beside other journeys (it bounds a hang).
  test.setTimeout(180_000);

  // The student's own reports: quiz results (whatever the demo holds) and the demo course's progress.
  const student = await as(browser, 'student');
  await student.goto('/summary-report?tab=quiz');
  await expect(student.getByRole('heading', { name: 'My Reports' })).toBeVisible();
  await expect(student.getByTestId('stat-card').first()).toBeVisible();
  expect(await exportFirstLine(student)).toBe(
    'Quiz,Course,Attempt,Status,Score,Max score,Percent,Passed,Submitted at',
  );
  await student.getByRole('tab', { name: 'Courses' }).click();
  await expect(student).toHaveURL(/tab=course/);
  const courses = student.getByTestId('course-progress-table');
  await expect(courses).toContainText(DEMO_COURSE);
  // A bar at 0% has no width, so the figure is read from the bar and the text beside it.
  await expect(courses.getByRole('progressbar', { name: `Progress of ${DEMO_COURSE}` })).toHaveAttribute(
    'aria-valuenow',
    /^\d+$/,
  );
  // Six lessons, each generated from a course library (server/seed/demo-deck.ts).
  await expect(courses).toContainText(/\d+% · \d+\/6/);
  await student.context().close();

  // The teacher finds the student among theirs and opens the student's report.
  const teacher = await as(browser, 'teacher');
  await teacher.goto('/report?tab=student');
  await expect(teacher.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await teacher.getByLabel('Search').fill('student@gurukul.test');
  const row = teacher.getByTestId('students-table').getByRole('row', { name: /Sita Student/ });
  await expect(row).toBeVisible();
  expect(await exportFirstLine(teacher)).toMatch(/^Name,Email,Courses,/);
  await row.click();
  await expect(teacher).toHaveURL(/\/view-student-of-teacher\?studentId=/);
  await expect(teacher.getByRole('heading', { name: 'Sita Student' })).toBeVisible();
  await expect(teacher.getByTestId('course-progress-table')).toContainText(DEMO_COURSE);
  await teacher.getByRole('link', { name: 'Back to students' }).click();
  await expect(teacher).toHaveURL(/\/report\?tab=student/);
  await teacher.getByRole('tab', { name: 'Courses' }).click();
  await expect(teacher.getByTestId('course-stats-table')).toContainText(DEMO_COURSE);
  // Marking is reached from Reports (the side navigation has no entry): the demo keeps one attempt waiting.
  const marking = teacher.getByRole('link', { name: /Mark submissions/ });
  await expect(marking.getByLabel(/\d+ waiting/)).toBeVisible();
  await marking.click();
  await expect(teacher).toHaveURL(/\/mark-submission/);
  await expect(teacher.getByRole('row', { name: /Sita Student/ }).first()).toBeVisible();
  // The course filter holds the teacher's courses with attempts (a refused list would fail the journey).
  await teacher.getByRole('combobox', { name: 'Course' }).click();
  await expect(teacher.getByRole('option', { name: DEMO_COURSE })).toBeVisible();
  await teacher.keyboard.press('Escape');
  // Without a student the report asks nothing it would be refused, and says what to do.
  await teacher.goto('/view-student-of-teacher');
  await expect(teacher.getByText('Choose a student')).toBeVisible();
  await teacher.goto('/view-student-of-teacher?studentId=not-an-id');
  await expect(teacher.getByText('Choose a student')).toBeVisible();
  await teacher.context().close();

  // The admin sees teachers, then students.
  const admin = await as(browser, 'admin');
  await admin.goto('/admin-report?tab=teacher');
  await expect(admin.getByRole('heading', { name: 'Admin Report' })).toBeVisible();
  await admin.getByLabel('Search').fill('teacher@gurukul');
  await expect(admin.getByTestId('teachers-table')).toContainText('teacher@gurukul.test');
  await admin.getByRole('tab', { name: 'Students' }).click();
  await expect(admin).toHaveURL(/tab=student/);
  await admin.getByLabel('Search').fill('student@gurukul');
  await expect(admin.getByTestId('admin-students-table')).toContainText('Sita Student');
  expect(await exportFirstLine(admin)).toBe(
    'Name,Email,Subscriptions,Quiz attempts,Average score %,Last activity',
  );
  await admin.context().close();
});
