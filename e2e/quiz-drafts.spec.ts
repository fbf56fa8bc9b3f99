import type { DraftList, QuestionDraft } from '../common/contracts/question-drafts';
import type { QuizDetail } from '../common/contracts/quizzes';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { answersSaved, startQuizFromCourse, submitQuiz } from './support/quiz-pages';
import { type APIRequestContext, expect, type Page, test } from './support/test';

/**
 * Issue 37's journey: the teacher drafts questions for a demo lesson in the quiz editor, accepts three, edits one
 * and rejects one; after re-approval a student takes the quiz, answers the drafted single-choice question wrong,
 * and is offered the lesson moment that teaches it. Adding a quiz sends the demo course to re-approval, so this
 * runs with the shared-state journeys (playwright.config.ts).
 */
const DEMO_COURSE = 'Foundations of Geometry';

async function demoCourseId(request: APIRequestContext, token: string): Promise<string> {
  const list = await request.get('/api/courses', {
    headers: authHeader(token),
    params: { search: DEMO_COURSE, page: 1 },
  });
  const course = ((await list.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (candidate) => candidate.title === DEMO_COURSE,
  );
  expect(course, 'the demo course exists').toBeTruthy();
  return course?.id as string;
}

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The draft card showing `draft`'s prompt. */
const cardOf = (page: Page, draft: QuestionDraft) =>
  page.getByTestId('draft-card').filter({ hasText: draft.prompt.slice(0, 60) });

test('a teacher drafts questions from a lesson, reviews them, and a student is sent back to the moment', async ({
  browser,
  request,
}) => {
  test.slow();
  const teacherLogin = await apiLogin(request, DEMO.teacher.email);
  const courseId = await demoCourseId(request, teacherLogin.jwtToken);
  const title = `Drafted check ${Date.now().toString(36)}`;
  const created = await request.post(`/api/quizzes/of-course/${courseId}`, {
    headers: authHeader(teacherLogin.jwtToken),
    data: { title, timeLimitMinutes: 30, attemptsAllowed: 2, displayMode: 'all', passPercent: 50 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quiz = (await created.json()) as QuizDetail;

  // The teacher drafts six questions from the first lesson in the quiz editor.
  const teacher = await newSession(browser, 'teacher');
  await teacher.goto(`/add-quiz?courseId=${courseId}&quizId=${quiz.id}`);
  await teacher.getByRole('button', { name: 'Draft questions' }).click();
  const review = teacher.getByTestId('draft-review');
  await expect(review.getByText(/nothing enters the quiz until you accept it/)).toBeVisible();
  await review.getByLabel('How many').fill('6');
  await review.getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(review.getByTestId('draft-card')).toHaveCount(6, { timeout: 30_000 });

  // What was drafted, read as the review screen reads it.
  const listed = await request.get(`/api/question-drafts/quizzes/${quiz.id}`, {
    headers: authHeader(teacherLogin.jwtToken),
  });
  const drafts = ((await listed.json()) as DraftList).drafts;
  // The question to answer wrong: a single-choice draft, else a true/false one (both marked by the server).
  const found =
    drafts.find((draft) => draft.type === 'single') ?? drafts.find((draft) => draft.type === 'true_false');
  expect(found, 'a draft the server marks, to answer wrong').toBeTruthy();
  const single = found as QuestionDraft;
  const choices =
    single.type === 'true_false'
      ? [
          { text: 'True', correct: single.trueFalseAnswer === true },
          { text: 'False', correct: single.trueFalseAnswer === false },
        ]
      : single.options;
  const others = drafts.filter((draft) => draft !== single);
  const [second, third, toEdit, toReject] = others as [
    QuestionDraft,
    QuestionDraft,
    QuestionDraft,
    QuestionDraft,
  ];

  // Every card says where its answer is taught.
  const singleCard = cardOf(teacher, single);
  await expect(singleCard.getByText(single.sentence)).toBeVisible();
  await expect(singleCard).toContainText(mmss(single.videoSeconds ?? 0));

  // Accept three: two with the mouse, the third from the keyboard, after which focus is on the next card's Accept
  // (not back at the top of the page).
  for (const draft of [single, second]) {
    await cardOf(teacher, draft).getByRole('button', { name: 'Accept' }).click();
    await expect(cardOf(teacher, draft)).toHaveCount(0);
  }
  await cardOf(teacher, third).getByRole('button', { name: 'Accept' }).focus();
  await teacher.keyboard.press('Space');
  await expect(cardOf(teacher, third)).toHaveCount(0);
  await expect(teacher.locator(':focus')).toHaveAccessibleName('Accept');
  await expect(teacher.getByTestId('question-card')).toHaveCount(3);

  // Edit one, then accept it as edited.
  await cardOf(teacher, toEdit).getByRole('button', { name: 'Edit' }).click();
  const editor = teacher.getByRole('dialog', { name: 'Edit suggested question' });
  const prompt = editor.getByLabel(/^Question/).first();
  await expect(prompt).toHaveValue(toEdit.prompt);
  await prompt.fill(`${toEdit.prompt} (edited)`);
  await editor.getByRole('button', { name: 'Save and accept' }).click();
  await expect(editor).toBeHidden();
  await expect(teacher.getByTestId('question-card')).toHaveCount(4);
  await expect(teacher.getByTestId('question-card').filter({ hasText: '(edited)' })).toHaveCount(1);

  // Reject one, with a reason.
  await cardOf(teacher, toReject).getByRole('button', { name: 'Reject' }).click();
  const reject = teacher.getByRole('dialog', { name: 'Reject this draft?' });
  await reject.getByLabel('Reason (optional)').fill('Not how I teach it');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(cardOf(teacher, toReject)).toHaveCount(0);
  await expect(review.getByTestId('draft-card')).toHaveCount(1);
  await teacher.context().close();

  // The admin approves the course again, so students see the quiz.
  const admin = await apiLogin(request, DEMO.admin.email);
  const approved = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The student answers the drafted question wrong.
  const student = await newSession(browser, 'student');
  await startQuizFromCourse(student, { courseId, title, questionCount: 4 });
  const wrongOption = choices.find((option) => !option.correct)?.text as string;
  await student.getByRole('radio', { name: wrongOption, exact: true }).check();
  await answersSaved(student);
  await submitQuiz(student, '3 questions are unanswered');
  const result = student.getByTestId('result-question').filter({ hasText: single.prompt.slice(0, 40) });
  const right = choices.find((option) => option.correct)?.text as string;
  await expect(result).toContainText(`Correct answer: ${right}`);
  const moment = Math.floor(single.videoSeconds ?? 0);
  await result.getByRole('link', { name: new RegExp(`Watch the lesson at ${mmss(moment)}`) }).click();
  await expect(student).toHaveURL(
    new RegExp(`/subscribed-courses\\?courseId=${courseId}&videoId=.+&t=${moment}$`),
  );
  await expect(student.getByTestId('video-player')).toBeVisible();
});
