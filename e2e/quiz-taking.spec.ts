import type { QuestionInput, QuizDetail } from '../common/contracts/quizzes';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { answersSaved, startQuizFromCourse, submitQuiz } from './support/quiz-pages';
import { type APIRequestContext, expect, test } from './support/test';

/**
 * Taking and marking a quiz in two browsers: a student starts a quiz of every question type on the demo
 * course, reloads midway and keeps the answers, submits (with a confirmation) and waits for marking; the
 * teacher marks the long answer on /mark-submission and the student's open result updates live; a wrong
 * answer links to the lesson moment that teaches it.
 *
 * Adding a quiz sends the approved demo course to re-approval, which the admin approves at once; the
 * journey runs with the shared-state journeys, one at a time after the others (playwright.config.ts).
 */

const DEMO_COURSE = 'Foundations of Geometry';
/** A 1×1 PNG, for the file answer. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function demoCourse(request: APIRequestContext, token: string) {
  const list = await request.get('/api/courses', {
    headers: authHeader(token),
    params: { search: DEMO_COURSE, page: 1 },
  });
  expect(list.status(), await list.text()).toBe(200);
  const course = ((await list.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (c) => c.title === DEMO_COURSE,
  );
  expect(course, 'the demo course exists').toBeTruthy();
  const videos = await request.get(`/api/courses/${course?.id}/videos`, {
    headers: authHeader(token),
    params: { kind: 'lesson' },
  });
  const lessons = ((await videos.json()) as { videos: { id: string; title: string }[] }).videos;
  return { courseId: course?.id as string, lessonId: lessons[0].id };
}

function questions(lessonId: string): QuestionInput[] {
  return [
    {
      type: 'single',
      prompt: 'How many degrees do the angles of a triangle add up to?',
      options: [
        { text: '90 degrees', correct: false },
        { text: '180 degrees', correct: true },
        { text: '360 degrees', correct: false },
      ],
      marks: 2,
      explanation: 'The three angles of any triangle add up to 180 degrees.',
      videoId: lessonId,
      videoSeconds: 4,
    },
    {
      type: 'multiple',
      prompt: 'Which of these are kinds of angle?',
      options: [
        { text: 'Acute', correct: true },
        { text: 'Obtuse', correct: true },
        { text: 'Parallel', correct: false },
      ],
      marks: 2,
    },
    { type: 'true_false', prompt: 'A point has a size.', trueFalseAnswer: false, marks: 1 },
    {
      type: 'short',
      prompt: 'What do we call a triangle with three equal sides?',
      acceptedAnswers: ['Equilateral'],
      marks: 1,
    },
    { type: 'long', prompt: 'Explain the difference between a line and a segment.', marks: 4 },
    { type: 'file', prompt: 'Upload a drawing of a right angle.', marks: 2 },
  ];
}

/** A quiz of every type on the demo course, made live by re-approval. */
async function createLiveQuiz(request: APIRequestContext, title: string) {
  const teacher = await apiLogin(request, DEMO.teacher.email);
  const { courseId, lessonId } = await demoCourse(request, teacher.jwtToken);
  const created = await request.post(`/api/quizzes/of-course/${courseId}`, {
    headers: authHeader(teacher.jwtToken),
    data: {
      title,
      instructions: 'Answer what you can; the teacher marks the long answer.',
      timeLimitMinutes: 30,
      attemptsAllowed: 2,
      displayMode: 'one',
      passPercent: 50,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quiz = (await created.json()) as QuizDetail;
  for (const question of questions(lessonId)) {
    const added = await request.post(`/api/quizzes/${quiz.id}/questions`, {
      headers: authHeader(teacher.jwtToken),
      data: question,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const admin = await apiLogin(request, DEMO.admin.email);
  const approve = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approve.status(), await approve.text()).toBe(200);
  return { courseId, quizId: quiz.id };
}

test('a student takes a quiz, the teacher marks it, and the result updates live', async ({
  browser,
  request,
}) => {
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const title = `Angles check ${Date.now().toString(36)}`;
  const { courseId, quizId } = await createLiveQuiz(request, title);

  // The student finds the quiz in the course player and reads its introduction.
  const student = await newSession(browser, 'student');
  await startQuizFromCourse(student, {
    courseId,
    title,
    questionCount: 6,
    instructions: 'Answer what you can; the teacher marks the long answer.',
  });

  // One question at a time; each choice is saved at once.
  await student.getByRole('radio', { name: '90 degrees' }).check();
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();
  await student.getByRole('checkbox', { name: 'Acute' }).check();
  await student.getByRole('checkbox', { name: 'Obtuse' }).check();
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();

  // Offline, the answer waits in local storage and goes out when the connection is back.
  await student.context().setOffline(true);
  await student.getByRole('radio', { name: 'False' }).check();
  await expect(student.getByTestId('save-status')).toHaveText('Not saved — retrying');
  await student.context().setOffline(false);
  await answersSaved(student);

  // A reload resumes the same attempt with the answers kept by the server.
  await student.reload();
  await expect(student.getByTestId('answered-count')).toHaveText('3 of 6 answered');
  await expect(student.getByRole('radio', { name: '90 degrees' })).toBeChecked();
  await student.getByRole('button', { name: 'Question 4, not answered' }).click();
  await student.getByLabel('Answer to question 4').fill('equilateral');
  await answersSaved(student);
  await student.getByRole('button', { name: 'Next' }).click();
  await student.getByLabel('Answer to question 5').fill('A line never ends; a segment has two end points.');
  await answersSaved(student);
  await expect(student.getByTestId('answered-count')).toHaveText('5 of 6 answered');
  // The file question uploads with progress; the arrow key moves there too.
  await student.getByText('Question 5 of 6').click(); // out of the text box, so the arrow moves on
  await student.keyboard.press('ArrowRight');
  await expect(student.getByText('Question 6 of 6')).toBeVisible();
  await student.locator('input[type="file"]').setInputFiles({
    name: 'right-angle.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1PX, 'base64'),
  });
  await expect(student.getByText('right-angle.png')).toBeVisible();
  await expect(student.getByTestId('answered-count')).toHaveText('6 of 6 answered');
  await answersSaved(student);

  // Submitting asks first and says what is left unanswered.
  await submitQuiz(student, 'You have answered every question.');
  await expect(student.getByTestId('result-status')).toHaveText('Waiting for marking');
  // Auto-graded: single wrong 0, multiple 2, true/false 1, short 1.
  await expect(student.getByTestId('result-score')).toHaveText('4 / 12');

  // The teacher marks the long answer (and the missing file) on /mark-submission.
  const teacher = await newSession(browser, 'teacher');
  await teacher.goto('/mark-submission');
  const row = teacher.getByTestId('marking-row').filter({ hasText: title });
  await expect(row).toContainText('2 to mark');
  await row.getByRole('link', { name: DEMO.student.name }).click();
  await expect(teacher).toHaveURL(/\/mark-submission\?attemptId=/);
  await expect(teacher.getByText('A line never ends; a segment has two end points.')).toBeVisible();
  await teacher.getByLabel(/^Score for question 5/).fill('5');
  await expect(teacher.getByRole('link', { name: /Download right-angle\.png/ })).toBeVisible();
  await teacher.getByLabel(/^Score for question 6/).fill('1');
  await teacher.getByRole('button', { name: 'Save marks' }).click();
  await expect(teacher.getByText('The score must be at most 4')).toBeVisible();
  await teacher.getByLabel(/^Score for question 5/).fill('3');
  await teacher.getByLabel('Feedback for question 5').fill('Good: the end points are the key.');
  await teacher.getByRole('button', { name: 'Save marks' }).click();
  await expect(teacher.getByTestId('marking-status')).toHaveText('Marked — passed');
  await expect(teacher.getByTestId('marking-score')).toHaveText('8 / 12');

  // The student's open result page updates by itself.
  await expect(student.getByText('Your quiz has been marked')).toBeVisible();
  await expect(student.getByTestId('result-status')).toHaveText('Passed');
  await expect(student.getByTestId('result-score')).toHaveText('8 / 12');
  await expect(student.getByText('Good: the end points are the key.')).toBeVisible();

  // The wrong answer links to the lesson moment that teaches it.
  const wrong = student.getByTestId('result-question').filter({ hasText: 'angles of a triangle' });
  await expect(wrong).toContainText('Correct answer: 180 degrees');
  await wrong.getByRole('link', { name: /Watch the lesson at 0:04/ }).click();
  await expect(student).toHaveURL(new RegExp(`/subscribed-courses\\?courseId=${courseId}&videoId=.+&t=4$`));
  await expect(student.getByTestId('video-player')).toBeVisible();

  // The author previews the paper as students see it; checking records nothing.
  await teacher.goto(`/preview-quiz?quizId=${quizId}&courseId=${courseId}&mode=author`);
  await expect(teacher.getByTestId('preview-banner')).toContainText('Preview — nothing is recorded');
  await expect(teacher.getByText('180 degrees')).toBeVisible();
  await teacher.getByRole('radio', { name: '180 degrees' }).check();
  await teacher.getByRole('button', { name: 'Check answers' }).click();
  await expect(teacher.getByTestId('preview-result')).toContainText('Question 1: right (2)');
  await teacher.goto('/mark-submission');
  await expect(teacher.getByTestId('marking-row').filter({ hasText: title })).toHaveCount(0);
});
