import { makeTestClip } from '../server/test/clips';
import { newSession } from './support/accounts';
import { authHeader } from './support/api';
import { approvalsBadge, choose, navItemName } from './support/course-pages';
import { seriousViolations } from './support/page-checks';
import { type APIRequestContext, expect, test } from './support/test';
import { playMuted } from './support/video';

/**
 * Issue 3's approval loop in two browsers: a teacher drafts a course in the wizard ("Save and continue" opens
 * the next step; the draft survives a reload), is told what the course still lacks, adds and renames a
 * lesson (issue 21), and submits it; the admin's badge changes live; the admin rejects with a comment the teacher sees, then
 * approves the resubmission; editing the approved course asks for re-approval and the admin sees what changed.
 * Issue 21 ("approvals the admin can judge"): the admin reviews what students would get (plays the lesson,
 * reads the quiz answers), sees the re-submitted lesson marked "changed", and rejects with a comment on that
 * lesson, which the teacher reads.
 */

/** A quiz with a single-choice and a short-answer question, made through the authoring API. */
async function addQuiz(request: APIRequestContext, token: string, courseId: string) {
  const created = await request.post(`/api/quizzes/of-course/${courseId}`, {
    headers: authHeader(token),
    data: {
      title: 'Radians check',
      instructions: 'Two quick questions.',
      timeLimitMinutes: 10,
      attemptsAllowed: 2,
      displayMode: 'one',
      passPercent: 50,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const question of [
    {
      type: 'single',
      prompt: 'How many radians make a half turn?',
      options: [
        { text: 'π/2', correct: false },
        { text: 'π', correct: true },
      ],
      marks: 2,
    },
    {
      type: 'short',
      prompt: 'Name the unit of angle based on the radius.',
      acceptedAnswers: ['Radian'],
      marks: 1,
    },
  ]) {
    const added = await request.post(`/api/quizzes/${id}/questions`, {
      headers: authHeader(token),
      data: question,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

test('a course goes from draft to approved, and back through re-approval', async ({ browser }) => {
  // Two browsers, a real video packaged and played, two axe scans: three times the default (playwright.config.ts).
  test.slow();
  const title = `Trigonometry ${Date.now()}`;
  const admin = await newSession(browser, 'admin');
  await expect(approvalsBadge(admin)).toBeVisible();
  const before = Number(await approvalsBadge(admin).textContent());

  const teacher = await newSession(browser, 'teacher');
  await teacher.goto('/course-list?tab=course');
  await teacher.getByRole('link', { name: 'Add course' }).click();
  await expect(teacher).toHaveURL(/\/add-course-list\?step=course-information$/);
  await teacher.getByLabel(/^Title/).fill(title);
  await teacher.getByLabel(/^Price/).fill('-5');
  await teacher.getByLabel(/^Price/).blur();
  await expect(teacher.getByText('Negative value is not allowed')).toBeVisible();
  await teacher.getByLabel(/^Price/).fill('20000000');
  await teacher.getByLabel(/^Price/).blur();
  await expect(teacher.getByText('Value should be less than 1,00,00,000')).toBeVisible();
  await teacher.getByLabel(/^Price/).fill('299');
  await teacher.getByLabel(/^Description/).fill('Sines, cosines and the unit circle.');
  await choose(teacher, 'Category', 'Mathematics');
  await choose(teacher, 'Level', 'Intermediate');
  await choose(teacher, 'Language', 'English');
  await teacher.getByRole('button', { name: 'Save and continue' }).click();
  await expect(teacher.getByText('Course Saved')).toBeVisible();
  // Saved, and on to the next step.
  await expect(teacher).toHaveURL(/courseId=[0-9a-f-]{36}&step=course-videos$/);
  await expect(teacher.getByRole('heading', { name: 'Course Videos' })).toBeVisible();

  // Nothing to submit yet: the wizard says what is missing instead of offering the button.
  const checklist = teacher.getByTestId('submission-checklist');
  await expect(checklist).toContainText('Before you can submit for approval');
  await expect(checklist.getByRole('listitem')).toHaveText(['Add at least one lesson video']);
  await expect(teacher.getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);

  // The draft lives on the server: a reload shows it again.
  await teacher.reload();
  await teacher.getByRole('button', { name: /^(\d )?Information: Course Information/ }).click();
  await expect(teacher.getByLabel(/^Title/)).toHaveValue(title);
  await expect(teacher.getByTestId('course-status')).toHaveText('Draft');
  // Nothing changed: "Save and continue" moves on without saving.
  await teacher.getByRole('button', { name: 'Save and continue' }).click();
  await expect(teacher).toHaveURL(/step=course-videos$/);

  // The lesson keeps its file's name until the teacher renames it; the name is checked as the server does.
  await teacher
    .locator('input[type=file]')
    .setInputFiles(makeTestClip({ name: 'lesson1.mp4', seconds: 2 }).file);
  const row = teacher.getByTestId('video-row');
  await expect(row.getByTestId('video-title')).toHaveText('lesson1');
  await expect(row.getByTestId('video-status')).toHaveText('ready', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Rename lesson1' }).click();
  const rename = teacher.getByRole('dialog', { name: 'Rename lesson' });
  await rename.getByLabel(/^Lesson name/).fill('');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Please fill this field')).toBeVisible();
  await rename.getByLabel(/^Lesson name/).fill('The unit circle');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(row.getByTestId('video-title')).toHaveText('The unit circle');

  // A quiz too, so the admin has answers to check.
  const courseId = (/courseId=([0-9a-f-]{36})/.exec(teacher.url()) ?? [])[1];
  const token = (await teacher.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  await addQuiz(teacher.request, token, courseId);

  await expect(teacher.getByTestId('submission-checklist')).toHaveCount(0);
  await teacher.getByRole('button', { name: 'Submit for approval' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending approval');

  // The admin's badge follows without a reload.
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));

  await admin.getByRole('link', { name: navItemName('Approvals') }).click();
  await admin.getByRole('link', { name: title }).click();
  await expect(admin).toHaveURL(/\/view-approval\?courseId=/);
  await expect(admin.getByText('Sines, cosines and the unit circle.')).toBeVisible();

  // What students would get: the lesson plays, the quiz shows its answers.
  await admin.getByRole('button', { name: 'Play Lesson “The unit circle”' }).click();
  const player = admin.getByTestId('video-player');
  await expect(player).toBeVisible();
  await playMuted(player);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  expect(await player.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(1.5);
  await player.evaluate((video: HTMLVideoElement) => video.pause());
  const halfTurn = admin
    .getByTestId('review-question')
    .filter({ hasText: 'How many radians make a half turn?' });
  await expect(halfTurn).toContainText('2 marks');
  await expect(halfTurn.getByRole('listitem').filter({ hasText: 'correct' })).toHaveText(/^π\s*correct$/);
  await expect(admin.getByText('Accepted answers: Radian')).toBeVisible();

  await admin.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Please fill this field')).toBeVisible();
  await admin.getByLabel('Comment for the teacher').fill('Please add a lesson on radians.');
  await admin.getByRole('button', { name: 'Reject' }).click();
  // The teacher hears about it live (a toast of 3 s: looked for first) and sees the comment on the course.
  await expect(teacher.getByText(/was rejected: Please add a lesson on radians\./)).toBeVisible();
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(approvalsBadge(admin)).toHaveText(String(before));
  await teacher.reload();
  await expect(teacher.getByTestId('review-comment')).toContainText('Please add a lesson on radians.');
  await teacher.getByRole('button', { name: 'Submit for approval' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending approval');
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));

  await admin.getByRole('link', { name: title }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(teacher.getByText(/was approved and is live/)).toBeVisible();
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(approvalsBadge(admin)).toHaveText(String(before));
  await expect(teacher.getByTestId('course-status')).toHaveText('Approved');

  // Editing the approved course asks for re-approval; the admin sees the change.
  await teacher.getByRole('button', { name: /^(\d )?Information: Course Information/ }).click();
  await teacher.getByLabel(/^Title/).fill(`${title} and Radians`);
  await teacher.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending re-approval');
  await expect(teacher.getByText('Students still see the approved version.')).toBeVisible();
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));
  const lessons = await teacher.request.get(`/api/courses/${courseId}/videos`, {
    headers: authHeader(token),
    params: { kind: 'lesson' },
  });
  const [lessonId] = ((await lessons.json()) as { videos: { id: string }[] }).videos.map((video) => video.id);
  const renamed = await teacher.request.put(`/api/courses/${courseId}/videos/${lessonId}`, {
    headers: authHeader(token),
    data: { title: 'The unit circle, revised' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await admin.getByRole('link', { name: `${title} and Radians` }).click();
  await expect(admin.getByTestId('changes')).toContainText(`“${title}” → “${title} and Radians”`);

  // The re-submitted lesson carries its mark; the admin comments on it from the keyboard and rejects.
  const lesson = admin.getByTestId('review-item').filter({ hasText: 'The unit circle, revised' });
  await expect(lesson.getByTestId('change-mark')).toHaveText('changed');
  await expect(lesson).toContainText('Live version: Title: “The unit circle”');
  await lesson
    .getByRole('button', { name: 'Comment on this item: Lesson “The unit circle, revised”' })
    .focus();
  await admin.keyboard.press('Enter');
  const itemComment = admin.getByRole('textbox', { name: 'Comment on Lesson “The unit circle, revised”' });
  await expect(itemComment).toBeFocused();
  await admin.keyboard.type('Please re-record the audio.');
  await expect(admin.getByTestId('item-comment-count')).toHaveText(
    '1 item comment will be sent with a rejection.',
  );

  // The review page at phone width, in light and dark: no sideways scroll, no serious axe findings.
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
  await admin.setViewportSize({ width: 1280, height: 720 });

  await admin.getByLabel('Comment for the teacher').fill('Almost there.');
  await admin.getByRole('button', { name: 'Reject' }).click();
  await expect(teacher.getByText(/was rejected: Almost there\./)).toBeVisible();
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(approvalsBadge(admin)).toHaveText(String(before));

  // The teacher reads the comment on the lesson where they fix the course.
  await teacher.reload();
  await expect(teacher.getByTestId('course-status')).toHaveText('Rejected');
  await expect(teacher.getByTestId('review-comment')).toContainText(
    'Lesson “The unit circle, revised”: Please re-record the audio.',
  );
  // …and under the lesson itself in the Course Videos step, and under no other item.
  await teacher.goto(`/add-course-list?courseId=${courseId}&step=course-videos`);
  const lessonRow = teacher.getByTestId('video-row').filter({ hasText: 'The unit circle, revised' });
  await expect(lessonRow).toBeVisible();
  const underLesson = teacher.getByTestId('item-review-comment');
  await expect(underLesson).toHaveCount(1);
  await expect(underLesson).toContainText('Please re-record the audio.');
  // The comment follows its row (the slot renders right after it).
  expect(await lessonRow.evaluate((row) => row.nextElementSibling?.getAttribute('data-testid') ?? null)).toBe(
    'item-review-comment',
  );
});
