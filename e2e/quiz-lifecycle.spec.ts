import { makeTestClip } from '../server/test/clips';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader, createCourseViaApi, escapeRegExp } from './support/api';
import { addQuestion, answersSaved, chooseType, startQuizFromCourse, submitQuiz } from './support/quiz-pages';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test';

/**
 * The quizzes issue told in one go, on a new course of its own: the teacher builds a quiz of every question
 * type in the browser, linking auto-graded questions to moments of the lesson video, and submits the course;
 * the admin approves and a student subscribes (API). The student takes the quiz, reloads midway and keeps
 * the answers, submits and waits for marking; the teacher marks the long answer in another browser; the
 * student's open result updates live to the final score, and the wrong answer links to the lesson moment.
 *
 * Submitting the course moves the admin's pending-approval badge, so the journey runs in the 'shared-state'
 * project, one at a time after the others (playwright.config.ts).
 */

const LESSON_TITLE = 'Angles in a triangle';
const INSTRUCTIONS = 'Answer what you can; the teacher marks the long answer.';
const LONG_ANSWER = 'A line never ends; a segment has two end points.';
const FEEDBACK = 'Good: the end points are the key.';

/** The marks the teacher sets, question by question, and the long answer's mark given on marking. */
const MARKS = { single: 2, singleNegative: 0.5, multiple: 2, trueFalse: 1, short: 1, long: 4, file: 2 };
const LONG_MARK = 3;
const PASS_PERCENT = 50;
const MAX = MARKS.single + MARKS.multiple + MARKS.trueFalse + MARKS.short + MARKS.long + MARKS.file; // 12
/** The student answers the single choice wrong (negative marks), the other auto-graded ones right, no file. */
const AUTO_PART = -MARKS.singleNegative + MARKS.multiple + MARKS.trueFalse + MARKS.short + 0; // 3.5
const FINAL = AUTO_PART + LONG_MARK; // 6.5
const FINAL_PERCENT = Math.round((FINAL / MAX) * 10_000) / 100; // 54.17

/** A free course of the demo teacher's with one ready lesson video, made through the API. */
async function courseWithLesson(request: APIRequestContext, token: string, title: string) {
  const courseId = await createCourseViaApi(request, token, {
    title,
    description: 'Points, lines, segments and the angles of a triangle.',
  });
  const upload = await request.post(
    `/api/courses/${courseId}/videos?kind=lesson&title=${encodeURIComponent(LESSON_TITLE)}`,
    {
      headers: authHeader(token),
      multipart: {
        file: {
          name: 'angles.mp4',
          mimeType: 'video/mp4',
          buffer: makeTestClip({ seconds: 8 }).bytes,
        },
      },
    },
  );
  expect(upload.status(), await upload.text()).toBe(201);
  const { id: lessonId } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/courses/${courseId}/videos`, { headers: authHeader(token) });
        const videos = ((await list.json()) as { videos: { id: string; status: string }[] }).videos;
        return videos.find((video) => video.id === lessonId)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  return { courseId, lessonId };
}

/** Links the open question dialog's question to the lesson at a time (mm:ss). */
async function linkToLesson(dialog: Locator, page: Page, time: string) {
  await dialog.getByRole('combobox', { name: /^Teaching video/ }).click();
  await page.getByRole('option', { name: LESSON_TITLE, exact: true }).click();
  await dialog.getByLabel(/^Time in the video/).fill(time);
}

const currentTime = (player: Locator) => player.evaluate((video: HTMLVideoElement) => video.currentTime);

test('a quiz from the teacher’s editor to a student’s marked result and the lesson moment', async ({
  browser,
  request,
}) => {
  // Setup with a real video, six questions through the dialog, two people: well over the default minute.
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const stamp = `QuizLife${Date.now().toString(36)}`;
  const courseTitle = `${stamp} Lines and angles`;
  const quizTitle = `${stamp} check`;

  const teacherApi = await apiLogin(request, DEMO.teacher.email);
  const { courseId, lessonId } = await courseWithLesson(request, teacherApi.jwtToken, courseTitle);

  // The teacher opens the wizard's quiz step and creates the quiz.
  const teacher = await newSession(browser, 'teacher');
  await teacher.goto(`/add-course-list?courseId=${courseId}`);
  await teacher.getByRole('button', { name: /^(\d )?Quiz: Quiz/ }).click();
  await expect(teacher.getByTestId('quizzes-empty')).toBeVisible();
  await teacher.getByRole('link', { name: 'Add quiz' }).click();
  await expect(teacher).toHaveURL(new RegExp(`/add-quiz\\?courseId=${courseId}$`));
  await teacher.getByLabel(/^Title/).fill(quizTitle);
  await teacher.getByLabel(/^Instructions/).fill(INSTRUCTIONS);
  await teacher.getByLabel(/^Time limit/).fill('30');
  await teacher.getByLabel(/^Attempts allowed/).fill('2');
  await teacher.getByLabel(/^Pass mark/).fill(String(PASS_PERCENT));
  await expect(teacher.getByRole('radio', { name: 'One question at a time' })).toBeChecked();
  await teacher.getByRole('button', { name: 'Create quiz' }).click();
  await expect(teacher).toHaveURL(/\/add-quiz\?courseId=[\w-]+&quizId=[\w-]+$/);
  const quizId = new URL(teacher.url()).searchParams.get('quizId') as string;
  await expect(teacher.getByTestId('questions-empty')).toBeVisible();

  // One question of each of the six types; the single choice and the true/false teach from the lesson.
  await addQuestion(teacher, 1, async (dialog) => {
    await dialog.getByLabel(/^Question/).fill('How many degrees do the angles of a triangle add up to?');
    await dialog.getByRole('textbox', { name: /^Option 1/ }).fill('90 degrees');
    await dialog.getByRole('textbox', { name: /^Option 2/ }).fill('180 degrees');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: /^Option 3/ }).fill('360 degrees');
    await dialog.getByRole('radio', { name: 'Option 2 is correct' }).check();
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.single));
    await dialog.getByLabel(/^Negative marks/).fill(String(MARKS.singleNegative));
    await dialog.getByLabel(/^Explanation/).fill('The three angles of any triangle add up to 180 degrees.');
    await linkToLesson(dialog, teacher, '0:03');
  });
  await addQuestion(teacher, 2, async (dialog) => {
    await chooseType(dialog, teacher, 'Multiple choice');
    await dialog.getByLabel(/^Question/).fill('Which of these are kinds of angle?');
    await dialog.getByRole('textbox', { name: /^Option 1/ }).fill('Acute');
    await dialog.getByRole('textbox', { name: /^Option 2/ }).fill('Obtuse');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: /^Option 3/ }).fill('Parallel');
    await dialog.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await dialog.getByRole('checkbox', { name: 'Option 2 is correct' }).check();
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.multiple));
  });
  await addQuestion(teacher, 3, async (dialog) => {
    await chooseType(dialog, teacher, 'True / false');
    await dialog.getByLabel(/^Question/).fill('A point has a size.');
    await dialog.getByRole('radio', { name: 'False', exact: true }).check();
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.trueFalse));
    await linkToLesson(dialog, teacher, '0:05');
  });
  await addQuestion(teacher, 4, async (dialog) => {
    await chooseType(dialog, teacher, 'Short answer');
    await dialog.getByLabel(/^Question/).fill('What do we call a triangle with three equal sides?');
    const answers = dialog.getByRole('combobox', { name: /^Accepted answers/ });
    await answers.fill('Equilateral');
    await answers.press('Enter');
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.short));
  });
  await addQuestion(teacher, 5, async (dialog) => {
    await chooseType(dialog, teacher, 'Long answer');
    await dialog.getByLabel(/^Question/).fill('Explain the difference between a line and a segment.');
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.long));
  });
  await addQuestion(teacher, 6, async (dialog) => {
    await chooseType(dialog, teacher, 'File answer');
    await dialog.getByLabel(/^Question/).fill('Upload a drawing of a right angle.');
    await dialog.getByLabel(/^Marks/).fill(String(MARKS.file));
  });
  await expect(teacher.getByTestId('quiz-totals')).toHaveText(`6 questions · ${MAX} marks in total`);

  // The read-only view shows the two lesson links as saved.
  await teacher.getByRole('link', { name: 'View', exact: true }).click();
  await expect(teacher).toHaveURL(new RegExp(`/view-quiz\\?quizId=${quizId}&courseId=${courseId}$`));
  const viewed = teacher.getByTestId('view-question');
  await expect(viewed).toHaveCount(6);
  await expect(viewed.nth(0)).toContainText(`Teaching video: ${LESSON_TITLE} at 0:03`);
  await expect(viewed.nth(2)).toContainText(`Teaching video: ${LESSON_TITLE} at 0:05`);

  // Back in the wizard the quiz is listed; the teacher submits the course for approval.
  await teacher.goto(`/add-course-list?courseId=${courseId}&step=quiz`);
  const quizRow = teacher.getByTestId('quiz-row');
  await expect(quizRow).toHaveCount(1);
  await expect(quizRow).toContainText(quizTitle);
  await teacher.getByRole('button', { name: 'Submit for approval' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending approval');

  // The admin approves and the student subscribes, through the API.
  const admin = await apiLogin(request, DEMO.admin.email);
  const approve = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approve.status(), await approve.text()).toBe(200);
  const studentApi = await apiLogin(request, DEMO.student.email);
  const subscribe = await request.post(`/api/learning/courses/${courseId}/subscribe`, {
    headers: authHeader(studentApi.jwtToken),
  });
  expect(subscribe.status(), await subscribe.text()).toBe(200);

  // The student starts the quiz from the course player; one question at a time, each answer saved at once.
  const student = await newSession(browser, 'student');
  await startQuizFromCourse(student, {
    courseId,
    title: quizTitle,
    questionCount: 6,
    instructions: INSTRUCTIONS,
  });
  await expect(student.getByText('Question 1 of 6')).toBeVisible();
  await student.getByRole('radio', { name: '90 degrees' }).check(); // wrong: 180 degrees
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();
  await student.getByRole('checkbox', { name: 'Acute' }).check();
  await student.getByRole('checkbox', { name: 'Obtuse' }).check();
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();
  await student.getByRole('radio', { name: 'False' }).check();
  await answersSaved(student);
  await expect(student.getByTestId('answered-count')).toHaveText('3 of 6 answered');

  // A reload midway resumes the same attempt with every answer kept.
  const roundUrl = student.url();
  await student.reload();
  await expect(student).toHaveURL(roundUrl);
  await expect(student.getByTestId('answered-count')).toHaveText('3 of 6 answered');
  await expect(student.getByRole('radio', { name: '90 degrees' })).toBeChecked();
  await student.getByRole('button', { name: 'Question 2, answered' }).click();
  await expect(student.getByRole('checkbox', { name: 'Acute' })).toBeChecked();
  await expect(student.getByRole('checkbox', { name: 'Obtuse' })).toBeChecked();
  await expect(student.getByRole('checkbox', { name: 'Parallel' })).not.toBeChecked();
  await student.getByRole('button', { name: 'Question 3, answered' }).click();
  await expect(student.getByRole('radio', { name: 'False' })).toBeChecked();

  // The rest: the short answer (case is ignored), the long answer; the file answer is left blank.
  await student.getByRole('button', { name: 'Question 4, not answered' }).click();
  await student.getByLabel('Answer to question 4').fill('equilateral');
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();
  await student.getByLabel('Answer to question 5').fill(LONG_ANSWER);
  await answersSaved(student);
  await expect(student.getByTestId('answered-count')).toHaveText('5 of 6 answered');
  await submitQuiz(student, '1 question is unanswered.');

  // Waiting for marking, with the auto-graded part: the wrong single choice costs its negative marks.
  await expect(student.getByTestId('result-status')).toHaveText('Waiting for marking');
  await expect(student.getByTestId('result-score')).toHaveText(`${AUTO_PART} / ${MAX}`);
  const results = student.getByTestId('result-question');
  await expect(results).toHaveCount(6);
  await expect(results.nth(0).getByTestId('question-score')).toHaveText(
    `-${MARKS.singleNegative} / ${MARKS.single}`,
  );
  await expect(results.nth(1).getByTestId('question-score')).toHaveText(
    `${MARKS.multiple} / ${MARKS.multiple}`,
  );
  await expect(results.nth(3).getByTestId('question-score')).toHaveText(`${MARKS.short} / ${MARKS.short}`);
  await expect(results.nth(4).getByTestId('question-score')).toHaveText(`– / ${MARKS.long}`);
  await expect(results.nth(5).getByTestId('question-score')).toHaveText(`0 / ${MARKS.file}`);
  await expect(results.nth(5)).toContainText('Not answered');

  // The teacher, in the other browser, marks the long answer with feedback.
  await teacher.goto('/mark-submission');
  const markingRow = teacher.getByTestId('marking-row').filter({ hasText: quizTitle });
  await expect(markingRow).toContainText('1 to mark');
  await markingRow.getByRole('link', { name: DEMO.student.name }).click();
  await expect(teacher).toHaveURL(/\/mark-submission\?attemptId=/);
  await expect(teacher.getByText(LONG_ANSWER)).toBeVisible();
  await expect(teacher.getByText('No file was uploaded.')).toBeVisible();
  await expect(teacher.getByLabel(/^Score for question 6/)).toHaveValue('0');
  await teacher.getByLabel(/^Score for question 5/).fill(String(LONG_MARK));
  await teacher.getByLabel('Feedback for question 5').fill(FEEDBACK);
  await teacher.getByRole('button', { name: 'Save marks' }).click();
  await expect(teacher.getByTestId('marking-status')).toHaveText('Marked — passed');
  await expect(teacher.getByTestId('marking-score')).toHaveText(`${FINAL} / ${MAX}`);

  // The student's open result page updates by itself to the final score and the pass.
  await expect(student.getByText('Your quiz has been marked')).toBeVisible();
  await expect(student.getByTestId('result-status')).toHaveText('Passed');
  await expect(student.getByTestId('result-score')).toHaveText(`${FINAL} / ${MAX}`);
  await expect(student.getByTestId('attempt-result')).toContainText(
    `${FINAL_PERCENT}% · Pass mark ${PASS_PERCENT}%`,
  );
  await expect(results.nth(4).getByTestId('question-score')).toHaveText(`${LONG_MARK} / ${MARKS.long}`);
  await expect(results.nth(4)).toContainText(FEEDBACK);

  // Only the wrong answer links to its lesson moment (the true/false was right), and the link plays there.
  const wrong = results.nth(0);
  await expect(wrong).toContainText('Correct answer: 180 degrees');
  await expect(results.nth(2).getByRole('link', { name: /Watch the lesson/ })).toHaveCount(0);
  await wrong.getByRole('link', { name: `Watch the lesson at 0:03 (${LESSON_TITLE})` }).click();
  await expect(student).toHaveURL(
    new RegExp(`/subscribed-courses\\?courseId=${courseId}&videoId=${escapeRegExp(lessonId)}&t=3$`),
  );
  const player = student.getByTestId('video-player');
  await expect(player).toHaveAttribute('aria-label', LESSON_TITLE);
  await expect(student.getByTestId('lesson-item').filter({ hasText: LESSON_TITLE })).toBeVisible();
  await expect.poll(() => currentTime(player), { timeout: 20_000 }).toBeCloseTo(3, 0);
});
