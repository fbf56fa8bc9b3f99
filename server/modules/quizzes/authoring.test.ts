import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { courses, courseVideos, quizAttempts, quizQuestions, quizzes } from '../../db/schema/index';
import hi from '../../i18n/hi/quizzes.json';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { submitAndApprove } from '../../test/live-courses';
import { type CourseSnapshot, liveQuizzes } from '../courses/snapshot';

let ctx: TestContext;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

const SETTINGS = { title: 'Week 1 check', timeLimitMinutes: 15, attemptsAllowed: 2, passPercent: 60 };
const SINGLE = {
  type: 'single',
  prompt: 'What is 2 + 2?',
  options: [{ text: '3' }, { text: '4', correct: true }],
  marks: 2,
  negativeMarks: 0.5,
};

async function teacherWithCourse() {
  const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const course = await insertCourse(ctx.app, user.id);
  return { user, headers, course };
}

async function addQuiz(headers: Headers, courseId: string, settings: object = SETTINGS) {
  const response = await call('POST', headers, `/api/quizzes/of-course/${courseId}`, settings);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function addQuestion(headers: Headers, quizId: string, question: object = SINGLE) {
  const response = await call('POST', headers, `/api/quizzes/${quizId}/questions`, question);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const getQuiz = async (headers: Headers, quizId: string) => {
  const response = await call('GET', headers, `/api/quizzes/${quizId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const statusOf = async (courseId: string) =>
  (await ctx.app.db.select().from(courses).where(eq(courses.id, courseId)))[0];

describe('quizzes', () => {
  it('creates, lists, reads, edits, reorders and deletes quizzes', async () => {
    const { headers, course } = await teacherWithCourse();
    expect((await call('GET', headers, `/api/quizzes/of-course/${course.id}`)).json()).toEqual({
      quizzes: [],
    });

    const first = await addQuiz(headers, course.id, {
      ...SETTINGS,
      instructions: 'Read carefully',
      shuffleOptions: true,
    });
    expect(first).toMatchObject({
      courseId: course.id,
      title: 'Week 1 check',
      instructions: 'Read carefully',
      timeLimitMinutes: 15,
      attemptsAllowed: 2,
      passPercent: 60,
      shuffleQuestions: false,
      shuffleOptions: true,
      displayMode: 'one',
      position: 0,
      questionCount: 0,
      totalMarks: 0,
      attemptCount: 0,
      questions: [],
    });
    const second = await addQuiz(headers, course.id, { ...SETTINGS, title: 'Week 2' });
    expect(second.position).toBe(1);
    await addQuestion(headers, second.id);

    const list = (await call('GET', headers, `/api/quizzes/of-course/${course.id}`)).json().quizzes;
    expect(list.map((q: { title: string }) => q.title)).toEqual(['Week 1 check', 'Week 2']);
    expect(list[1]).toMatchObject({ questionCount: 1, totalMarks: 2, attemptCount: 0 });

    // A partial edit keeps what it leaves out.
    const edited = await call('PUT', headers, `/api/quizzes/${first.id}`, {
      title: 'Renamed',
      passPercent: 75,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Renamed',
      passPercent: 75,
      instructions: 'Read carefully',
      shuffleOptions: true,
      timeLimitMinutes: 15,
    });

    const moved = await call('PUT', headers, `/api/quizzes/${second.id}`, { position: 0 });
    expect(moved.json().position).toBe(0);
    const order = (await call('GET', headers, `/api/quizzes/of-course/${course.id}`)).json().quizzes;
    expect(order.map((q: { title: string; position: number }) => [q.title, q.position])).toEqual([
      ['Week 2', 0],
      ['Renamed', 1],
    ]);

    const removed = await call('DELETE', headers, `/api/quizzes/${first.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await ctx.app.db.select().from(quizzes).where(eq(quizzes.id, first.id))).toEqual([]);
    expect((await call('GET', headers, `/api/quizzes/${first.id}`)).statusCode).toBe(404);
  });

  it('refuses bad settings with the spec texts and keeps the saved ones', async () => {
    const { headers, course } = await teacherWithCourse();
    const bad = await call('POST', headers, `/api/quizzes/of-course/${course.id}`, {
      ...SETTINGS,
      passPercent: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.percentage, fields: { passPercent: MSG.percentage } });
    const decimal = await call('POST', headers, `/api/quizzes/of-course/${course.id}`, {
      ...SETTINGS,
      attemptsAllowed: 1.5,
    });
    expect(decimal.json().fields).toEqual({ attemptsAllowed: MSG.decimal });

    const quiz = await addQuiz(headers, course.id);
    const negative = await call('PUT', headers, `/api/quizzes/${quiz.id}`, { timeLimitMinutes: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(MSG.negative);
    expect((await getQuiz(headers, quiz.id)).timeLimitMinutes).toBe(15);
  });

  it('archives instead of deleting a quiz that was attempted', async () => {
    const { headers, course } = await teacherWithCourse();
    const { user: student } = await buildAndLogin(ctx.app, { userType: 'student' });
    const quiz = await addQuiz(headers, course.id);
    await ctx.app.db.insert(quizAttempts).values({
      quizId: quiz.id,
      courseId: course.id,
      userId: student.id,
      number: 1,
      status: 'submitted',
      quizTitle: quiz.title,
      passPercent: 60,
      paper: [],
      maxScore: 0,
    });
    expect((await getQuiz(headers, quiz.id)).attemptCount).toBe(1);
    expect((await call('DELETE', headers, `/api/quizzes/${quiz.id}`)).statusCode).toBe(204);
    const [row] = await ctx.app.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect((await call('GET', headers, `/api/quizzes/of-course/${course.id}`)).json().quizzes).toEqual([]);
    expect((await call('GET', headers, `/api/quizzes/${quiz.id}`)).statusCode).toBe(404);
    expect((await call('PUT', headers, `/api/quizzes/${quiz.id}`, { title: 'Back?' })).statusCode).toBe(404);
  });
});

describe('who may author quizzes', () => {
  it("lets the owner, the owner's institute and admins in; refuses other teachers and students", async () => {
    const { user: institute, headers: instituteHeaders } = await buildAndLogin(ctx.app, {
      userType: 'institute',
    });
    const { user: faculty, headers: facultyHeaders } = await buildAndLogin(ctx.app, {
      userType: 'teacher',
      instituteId: institute.id,
    });
    const course = await insertCourse(ctx.app, faculty.id);
    const quiz = await addQuiz(facultyHeaders, course.id);
    const question = await addQuestion(facultyHeaders, quiz.id);

    expect((await getQuiz(instituteHeaders, quiz.id)).questions).toHaveLength(1);
    const { headers: admin } = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect((await call('PUT', admin, `/api/quizzes/${quiz.id}`, { title: 'By admin' })).statusCode).toBe(200);

    const { headers: stranger } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const { headers: otherInstitute } = await buildAndLogin(ctx.app, { userType: 'institute' });
    const { headers: student } = await buildAndLogin(ctx.app, { userType: 'student' });
    for (const headers of [stranger, otherInstitute]) {
      expect((await call('GET', headers, `/api/quizzes/of-course/${course.id}`)).statusCode).toBe(403);
      expect((await call('GET', headers, `/api/quizzes/${quiz.id}`)).statusCode).toBe(403);
      expect(
        (await call('DELETE', headers, `/api/quizzes/${quiz.id}/questions/${question.id}`)).statusCode,
      ).toBe(403);
      expect((await call('POST', headers, `/api/quizzes/${quiz.id}/questions`, SINGLE)).statusCode).toBe(403);
    }
    expect((await call('GET', student, `/api/quizzes/${quiz.id}`)).statusCode).toBe(403);
    expect((await getQuiz(facultyHeaders, quiz.id)).questions).toHaveLength(1);
  });
});

describe('questions', () => {
  it('stores every type with its own answers', async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id);
    const single = await addQuestion(headers, quiz.id, {
      ...SINGLE,
      options: [
        { id: 'keep', text: '3' },
        { text: '4', correct: true },
      ],
    });
    expect(single).toMatchObject({ type: 'single', position: 0, marks: 2, negativeMarks: 0.5 });
    expect(single.options[0]).toEqual({ id: 'keep', text: '3', correct: false });
    expect(single.options[1].id).toMatch(/^[\w-]{6,40}$/);

    const multiple = await addQuestion(headers, quiz.id, {
      type: 'multiple',
      prompt: 'Even numbers',
      options: [{ text: '2', correct: true }, { text: '3' }, { text: '4', correct: true }],
      marks: 3,
      acceptedAnswers: ['ignored'],
    });
    expect(multiple.options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(2);
    expect(multiple.acceptedAnswers).toEqual([]);

    const trueFalse = await addQuestion(headers, quiz.id, {
      type: 'true_false',
      prompt: 'The sun is a star',
      trueFalseAnswer: true,
      options: [{ text: 'made up', correct: true }],
      marks: 1,
    });
    expect(trueFalse.options).toEqual([
      { id: 'true', text: 'True', correct: true },
      { id: 'false', text: 'False', correct: false },
    ]);

    const short = await addQuestion(headers, quiz.id, {
      type: 'short',
      prompt: 'Capital of India',
      acceptedAnswers: ['New Delhi', 'Delhi'],
      options: [{ text: 'x' }],
      marks: 1,
    });
    expect(short).toMatchObject({ options: [], acceptedAnswers: ['New Delhi', 'Delhi'] });
    await addQuestion(headers, quiz.id, {
      type: 'long',
      prompt: 'Explain gravity',
      marks: 5,
      explanation: 'Newton',
    });
    await addQuestion(headers, quiz.id, { type: 'file', prompt: 'Upload your drawing', marks: 4 });

    const detail = await getQuiz(headers, quiz.id);
    expect(detail.questions.map((q: { type: string }) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short',
      'long',
      'file',
    ]);
    expect(detail).toMatchObject({ questionCount: 6, totalMarks: 16 });
  });

  it('refuses each invalid question with its message', async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id);
    const refuse = async (question: object, field: string, message: string) => {
      const response = await call('POST', headers, `/api/quizzes/${quiz.id}/questions`, question);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(question)).toBe(message);
    };
    await refuse(
      { ...SINGLE, options: [{ text: '4', correct: true }] },
      'options',
      'Please add at least two options',
    );
    await refuse(
      { ...SINGLE, options: [{ text: '3' }, { text: '4' }] },
      'options',
      'Please mark exactly one correct option',
    );
    await refuse(
      { ...SINGLE, type: 'multiple', options: [{ text: '3' }, { text: '4' }] },
      'options',
      'Please mark at least one correct option',
    );
    await refuse({ type: 'true_false', prompt: 'Q', marks: 1 }, 'trueFalseAnswer', MSG.selectOption);
    await refuse(
      { type: 'short', prompt: 'Q', marks: 1 },
      'acceptedAnswers',
      'Please add at least one accepted answer',
    );
    await refuse({ type: 'long', prompt: '  ', marks: 1 }, 'prompt', MSG.onlySpace);
    await refuse({ type: 'long', prompt: 'Q', marks: 0 }, 'marks', MSG.zero);
    await refuse({ type: 'long', prompt: 'Q', marks: 10_001 }, 'marks', MSG.max10Thousand);
    await refuse(
      { type: 'long', prompt: 'Q', marks: 1, negativeMarks: 2 },
      'negativeMarks',
      'Negative marks cannot be more than the marks',
    );
    await refuse({ type: 'quiz', prompt: 'Q', marks: 1 }, 'type', MSG.selectOption);
    await refuse(
      { type: 'long', prompt: 'Q', marks: 1, videoSeconds: 3 },
      'videoId',
      'Please choose a video of this course',
    );
    expect((await getQuiz(headers, quiz.id)).questions).toEqual([]);
  });

  it('links a question to a video of the same course only', async () => {
    const { headers, course } = await teacherWithCourse();
    const other = await teacherWithCourse();
    const [own] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: course.id, title: 'Lesson 1' })
      .returning();
    const [foreign] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: other.course.id, title: 'Elsewhere' })
      .returning();
    const quiz = await addQuiz(headers, course.id);
    const linked = await addQuestion(headers, quiz.id, { ...SINGLE, videoId: own.id, videoSeconds: 42.5 });
    expect(linked).toMatchObject({ videoId: own.id, videoSeconds: 42.5 });

    const refused = await call('POST', headers, `/api/quizzes/${quiz.id}/questions`, {
      ...SINGLE,
      videoId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please choose a video of this course' });
    const edit = await call('PUT', headers, `/api/quizzes/${quiz.id}/questions/${linked.id}`, {
      videoId: foreign.id,
    });
    expect(edit.statusCode).toBe(400);
    expect((await getQuiz(headers, quiz.id)).questions[0].videoId).toBe(own.id);
  });

  it('edits the merged question, keeping option ids, and never saves an invalid one', async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id);
    const question = await addQuestion(headers, quiz.id);
    const url = `/api/quizzes/${quiz.id}/questions/${question.id}`;

    const [wrong, right] = question.options;
    const edited = await call('PUT', headers, url, {
      ...SINGLE,
      prompt: 'What is 2 + 3?',
      options: [
        { id: wrong.id, text: '5', correct: true },
        { id: right.id, text: '4', correct: false },
        { text: '6' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const options = edited.json().options;
    expect(options.slice(0, 2)).toEqual([
      { id: wrong.id, text: '5', correct: true },
      { id: right.id, text: '4', correct: false },
    ]);
    expect(options[2].id).not.toBe('');
    expect(new Set(options.map((o: { id: string }) => o.id)).size).toBe(3);

    // Only the marks sent: the rest of the saved question stays.
    const marks = await call('PUT', headers, url, { marks: 4 });
    expect(marks.json()).toMatchObject({ prompt: 'What is 2 + 3?', marks: 4, negativeMarks: 0.5 });

    // Turning it into a short answer without accepted answers is refused as a whole.
    const bad = await call('PUT', headers, url, { type: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please add at least one accepted answer' });
    const badTf = await call('PUT', headers, url, { type: 'true_false' });
    expect(badTf.json().fields).toEqual({ trueFalseAnswer: MSG.selectOption });
    expect((await getQuiz(headers, quiz.id)).questions[0]).toMatchObject({ type: 'single', marks: 4 });

    const tf = await call('PUT', headers, url, { type: 'true_false', trueFalseAnswer: false });
    expect(tf.json().options).toEqual([
      { id: 'true', text: 'True', correct: false },
      { id: 'false', text: 'False', correct: true },
    ]);
    // The stored true/false answer survives an edit that leaves it out.
    const tfMarks = await call('PUT', headers, url, { marks: 1 });
    expect(tfMarks.json().options[1]).toEqual({ id: 'false', text: 'False', correct: true });
  });

  it('reorders, duplicates after the original and closes gaps on delete', async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id);
    const made = [];
    for (const prompt of ['A', 'B', 'C'])
      made.push(await addQuestion(headers, quiz.id, { type: 'long', prompt, marks: 1 }));
    const prompts = async () =>
      (await getQuiz(headers, quiz.id)).questions.map(
        (q: { prompt: string; position: number }) => `${q.prompt}${q.position}`,
      );

    const moved = await call('PUT', headers, `/api/quizzes/${quiz.id}/questions/${made[2].id}`, {
      position: 0,
    });
    expect(moved.json().position).toBe(0);
    expect(await prompts()).toEqual(['C0', 'A1', 'B2']);
    await call('PUT', headers, `/api/quizzes/${quiz.id}/questions/${made[2].id}`, { position: 99 });
    expect(await prompts()).toEqual(['A0', 'B1', 'C2']);

    const copy = await call('POST', headers, `/api/quizzes/${quiz.id}/questions/${made[0].id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ prompt: 'A', position: 1 });
    expect(copy.json().id).not.toBe(made[0].id);
    expect(await prompts()).toEqual(['A0', 'A1', 'B2', 'C3']);

    expect(
      (await call('DELETE', headers, `/api/quizzes/${quiz.id}/questions/${made[1].id}`)).statusCode,
    ).toBe(204);
    expect(await prompts()).toEqual(['A0', 'A1', 'C2']);
    expect(
      (await call('DELETE', headers, `/api/quizzes/${quiz.id}/questions/${made[1].id}`)).statusCode,
    ).toBe(404);
  });

  it(`stops at ${QUIZ_LIMITS.questionsPerQuiz} questions`, async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id);
    await ctx.app.db.insert(quizQuestions).values(
      Array.from({ length: QUIZ_LIMITS.questionsPerQuiz - 1 }, (_, i) => ({
        quizId: quiz.id,
        position: i,
        type: 'long',
        prompt: `Q${i}`,
      })),
    );
    const last = await addQuestion(headers, quiz.id, { type: 'long', prompt: 'Last', marks: 1 });
    const over = await call('POST', headers, `/api/quizzes/${quiz.id}/questions`, {
      type: 'long',
      prompt: 'One more',
      marks: 1,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('A quiz can have at most 200 questions');
    const copy = await call('POST', headers, `/api/quizzes/${quiz.id}/questions/${last.id}/duplicate`);
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe('A quiz can have at most 200 questions');
    expect((await getQuiz(headers, quiz.id)).questionCount).toBe(200);

    // A teacher who chose Hindi reads the same refusal in Hindi, the limit filled in (decision 070).
    await chooseLocale(ctx.app, headers, 'hi');
    const overInHindi = await call('POST', headers, `/api/quizzes/${quiz.id}/questions/${last.id}/duplicate`);
    expect(overInHindi.statusCode).toBe(409);
    expect(overInHindi.json().message).toBe(
      hi['server.quizzes.tooManyQuestions'].replace('{max}', String(QUIZ_LIMITS.questionsPerQuiz)),
    );
    expect(overInHindi.json().message).toBe('एक क्विज़ में अधिकतम 200 प्रश्न हो सकते हैं');
    const missing = await call('GET', headers, '/api/quizzes/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(hi['server.quizzes.notFound']);
  });
});

describe('preview check', () => {
  it('grades the working version and records nothing', async () => {
    const { headers, course } = await teacherWithCourse();
    const quiz = await addQuiz(headers, course.id, { ...SETTINGS, passPercent: 50 });
    const single = await addQuestion(headers, quiz.id);
    const short = await addQuestion(headers, quiz.id, {
      type: 'short',
      prompt: 'Capital',
      acceptedAnswers: ['Delhi'],
      marks: 2,
    });
    const long = await addQuestion(headers, quiz.id, { type: 'long', prompt: 'Essay', marks: 4 });
    const right = single.options.find((o: { correct: boolean }) => o.correct).id;
    const wrong = single.options.find((o: { correct: boolean }) => !o.correct).id;

    const check = (responses: object) =>
      call('POST', headers, `/api/quizzes/${quiz.id}/preview/check`, { responses });
    const good = await check({
      [single.id]: { optionIds: [right] },
      [short.id]: { text: ' delhi ' },
      [long.id]: { text: 'x' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({
      score: 4,
      maxScore: 8,
      percent: 50,
      passed: true,
      questions: [
        { id: single.id, correct: true, score: 2 },
        { id: short.id, correct: true, score: 2 },
        { id: long.id, correct: null, score: null },
      ],
    });
    const bad = (await check({ [single.id]: { optionIds: [wrong] } })).json();
    expect(bad).toMatchObject({ score: 0, percent: 0, passed: false });
    expect(bad.questions[0]).toEqual({ id: single.id, correct: false, score: -0.5 });
    expect(await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).toEqual([]);
  });
});

describe('quizzes in the course', () => {
  it('complete the quiz step and drive the withQuiz/withoutQuiz filters', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const word = `quizfilter${Date.now()}`;
    const empty = await insertCourse(ctx.app, user.id, { title: `${word} empty` });
    const withQuiz = await insertCourse(ctx.app, user.id, { title: `${word} quiz` });
    const archived = await insertCourse(ctx.app, user.id, { title: `${word} archived` });
    const steps = async (courseId: string) =>
      (await call('GET', headers, `/api/courses/${courseId}`)).json().steps;
    const found = async (filter: string) =>
      (await call('GET', headers, `/api/courses?search=${word}&filter=${filter}`))
        .json()
        .courses.map((c: { title: string }) => c.title)
        .sort();

    const quiz = await addQuiz(headers, withQuiz.id);
    expect((await steps(withQuiz.id)).quiz).toBe(false); // a quiz without questions is not done
    await addQuestion(headers, quiz.id);
    expect((await steps(withQuiz.id)).quiz).toBe(true);
    expect((await steps(empty.id)).quiz).toBe(false);

    const gone = await addQuiz(headers, archived.id);
    await addQuestion(headers, gone.id);
    await ctx.app.db.update(quizzes).set({ archivedAt: new Date() }).where(eq(quizzes.id, gone.id));
    expect((await steps(archived.id)).quiz).toBe(false);

    expect(await found('withQuiz')).toEqual([`${word} quiz`]);
    expect(await found('withoutQuiz')).toEqual([`${word} archived`, `${word} empty`]);
  });

  it('goes live with approval, and editing it asks for re-approval with the change listed', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const { headers: admin } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const course = await insertCourse(ctx.app, user.id);
    const quiz = await addQuiz(headers, course.id);
    const question = await addQuestion(headers, quiz.id, {
      ...SINGLE,
      explanation: 'Count them',
    });
    const spare = await addQuiz(headers, course.id, { ...SETTINGS, title: 'Spare' });
    await submitAndApprove(ctx.app, headers, admin, course.id);

    const approved = await statusOf(course.id);
    expect(approved.approvalStatus).toBe('APPROVED');
    const live = liveQuizzes(approved.approvedSnapshot);
    expect(live.map((q) => q.title)).toEqual(['Week 1 check', 'Spare']);
    expect(live[0]).toMatchObject({
      id: quiz.id,
      timeLimitMinutes: 15,
      attemptsAllowed: 2,
      passPercent: 60,
      displayMode: 'one',
      shuffleQuestions: false,
      position: 0,
      questions: [
        {
          id: question.id,
          type: 'single',
          prompt: 'What is 2 + 2?',
          options: question.options,
          marks: 2,
          negativeMarks: 0.5,
          explanation: 'Count them',
          videoId: null,
          videoSeconds: null,
        },
      ],
    });
    // Snapshots approved before quizzes existed have none.
    const { quizzes: _none, ...older } = approved.approvedSnapshot as CourseSnapshot;
    expect(liveQuizzes(older)).toEqual([]);
    expect(liveQuizzes(null)).toEqual([]);

    // No change yet: the review shows none for quizzes.
    const edit = await call('PUT', headers, `/api/quizzes/${quiz.id}/questions/${question.id}`, {
      prompt: 'What is 3 + 3?',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await statusOf(course.id)).approvalStatus).toBe('PENDING_REAPPROVAL');
    // The live version still has the approved question.
    expect(liveQuizzes((await statusOf(course.id)).approvedSnapshot)[0].questions[0].prompt).toBe(
      'What is 2 + 2?',
    );

    // Deleting a quiz the live version shows archives it.
    expect((await call('DELETE', headers, `/api/quizzes/${spare.id}`)).statusCode).toBe(204);
    const [spareRow] = await ctx.app.db.select().from(quizzes).where(eq(quizzes.id, spare.id));
    expect(spareRow.archivedAt).toBeInstanceOf(Date);
    const added = await addQuiz(headers, course.id, { ...SETTINGS, title: 'Brand new' });

    const review = await call('GET', admin, `/api/approvals/${course.id}`);
    expect(review.statusCode, review.body).toBe(200);
    const changes = review.json().changes.filter((c: { area: string }) => c.area === 'quizzes');
    expect(changes).toEqual([
      {
        area: 'quizzes',
        kind: 'changed',
        label: 'Quiz “Week 1 check”',
        before: 'Week 1 check — 1 question, 2 marks, pass 60%, 15 min',
        after: 'Week 1 check — 1 question, 2 marks, pass 60%, 15 min (questions or settings edited)',
      },
      {
        area: 'quizzes',
        kind: 'added',
        label: 'Quiz “Brand new”',
        after: 'Brand new — 0 questions, 0 marks, pass 60%, 15 min',
      },
      {
        area: 'quizzes',
        kind: 'removed',
        label: 'Quiz “Spare”',
        before: 'Spare — 0 questions, 0 marks, pass 60%, 15 min',
      },
    ]);
    // The waiting version's quizzes, then the one it removed (still shown to the reviewer, marked).
    const reviewed = review.json().items.quizzes as { id: string; mark: string }[];
    expect(reviewed.map((q) => [q.id, q.mark])).toEqual([
      [quiz.id, 'changed'],
      [added.id, 'new'],
      [spare.id, 'removed'],
    ]);

    const approve = await call('POST', admin, `/api/approvals/${course.id}/approve`, {});
    expect(approve.statusCode, approve.body).toBe(200);
    const after = liveQuizzes((await statusOf(course.id)).approvedSnapshot);
    expect(after.map((q) => q.title)).toEqual(['Week 1 check', 'Brand new']);
    expect(after[0].questions[0].prompt).toBe('What is 3 + 3?');
  });

  it('a settings-only edit of a live quiz also counts, and an untouched course shows no quiz change', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const { headers: admin } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const course = await insertCourse(ctx.app, user.id);
    const quiz = await addQuiz(headers, course.id);
    await addQuestion(headers, quiz.id);
    await submitAndApprove(ctx.app, headers, admin, course.id);
    await call('PUT', headers, `/api/courses/${course.id}`, { title: 'Algebra again' });
    const untouched = (await call('GET', admin, `/api/approvals/${course.id}`)).json();
    expect(untouched.changes.filter((c: { area: string }) => c.area === 'quizzes')).toEqual([]);

    await call('PUT', headers, `/api/quizzes/${quiz.id}`, { passPercent: 80 });
    const review = (await call('GET', admin, `/api/approvals/${course.id}`)).json();
    expect(review.changes.filter((c: { area: string }) => c.area === 'quizzes')).toEqual([
      expect.objectContaining({
        kind: 'changed',
        after: 'Week 1 check — 1 question, 2 marks, pass 80%, 15 min',
      }),
    ]);
  });
});
