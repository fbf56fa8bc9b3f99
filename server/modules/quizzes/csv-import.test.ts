import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiCommon from '../../../common/i18n/hi.json';
import { QUIZ_CSV_COLUMNS, QUIZ_LIMITS } from '../../../common/quizzes';
import hiQuizzes from '../../i18n/hi/quizzes.json';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';
import { questionFromRow } from './csv-import';

describe('questionFromRow', () => {
  it('builds each type from its columns', () => {
    const single = questionFromRow(['single', 'Capital?', 'Delhi | Mumbai', '1', '2', '0.5', 'It is.']);
    expect(single).toMatchObject({
      ok: true,
      question: {
        type: 'single',
        options: [
          { text: 'Delhi', correct: true },
          { text: 'Mumbai', correct: false },
        ],
        marks: 2,
        negativeMarks: 0.5,
        explanation: 'It is.',
      },
    });
    expect(questionFromRow(['Multiple choice', 'Primes?', '2|3|4', '1|2', '', '', ''])).toMatchObject({
      ok: true,
      question: { type: 'multiple', marks: 1, negativeMarks: 0 },
    });
    expect(questionFromRow(['true_false', 'Sky is green', '', 'FALSE'])).toMatchObject({
      ok: true,
      question: { type: 'true_false', trueFalseAnswer: false },
    });
    expect(questionFromRow(['short', 'Capital?', '', 'Delhi|New Delhi'])).toMatchObject({
      ok: true,
      question: { type: 'short', acceptedAnswers: ['Delhi', 'New Delhi'] },
    });
    expect(questionFromRow(['long', 'Essay'])).toMatchObject({ ok: true, question: { type: 'long' } });
  });

  it('gives the first reason, named by column', () => {
    expect(questionFromRow(['single', 'Q', 'a|b', '', '1'])).toEqual({
      ok: false,
      reason: 'options: Please mark exactly one correct option',
    });
    expect(questionFromRow(['single', 'Q', 'a|b', '3'])).toEqual({
      ok: false,
      reason: 'correct: "3" is not the number of an option (1 to 2)',
    });
    expect(questionFromRow(['true_false', 'Q', '', 'maybe'])).toEqual({
      ok: false,
      reason: 'correct: Please write true or false',
    });
    expect(questionFromRow(['short', 'Q'])).toEqual({
      ok: false,
      reason: 'correct: Please add at least one accepted answer',
    });
    expect(questionFromRow(['essay', 'Q'])).toEqual({ ok: false, reason: 'type: Please select an option' });
    expect(questionFromRow(['long', 'Q', '', '', 'two'])).toEqual({
      ok: false,
      reason: 'marks: Enter a valid number in range',
    });
    expect(questionFromRow(['long', 'Q', '', '', '1', '2'])).toEqual({
      ok: false,
      reason: 'negative_marks: Negative marks cannot be more than the marks',
    });
    expect(questionFromRow(['long', 'Q', '', '', '', '', '', 'extra'])).toMatchObject({ ok: false });
  });
});

describe('POST /api/quizzes/:quizId/questions/import', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => ctx.close());

  async function quizOfTeacher() {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, user.id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/of-course/${course.id}`,
      headers,
      payload: { title: 'Imported', timeLimitMinutes: 0, attemptsAllowed: 1, passPercent: 50 },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { headers, quizId: created.json().id as string };
  }

  const upload = (
    headers: Record<string, string>,
    quizId: string,
    name: string,
    type: string,
    bytes: Buffer,
  ) => {
    const body = multipart(name, type, bytes);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/${quizId}/questions/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('imports the valid rows in order and reports the others by line', async () => {
    const { headers, quizId } = await quizOfTeacher();
    const csv = [
      QUIZ_CSV_COLUMNS.join(','),
      'single,"Capital of India, the country?",Delhi|Mumbai,1,2,0.5,"Said ""Delhi"""',
      'single,No correct one,a|b,,1,,',
      'true_false,"Two',
      'lines",,true,,,',
      'short,Spell four,,four|4,,,',
      'essay,Unknown type,,,,,',
      ',,,,,,',
      'long,Explain,,,3,,',
    ].join('\r\n');
    const response = await upload(headers, quizId, 'questions.csv', 'text/csv', Buffer.from(csv));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 4,
      rejected: [
        { row: 3, reason: 'options: Please mark exactly one correct option' },
        { row: 7, reason: 'type: Please select an option' },
      ],
    });
    const quiz = (await ctx.app.inject({ method: 'GET', url: `/api/quizzes/${quizId}`, headers })).json();
    expect(
      quiz.questions.map((q: { type: string; prompt: string; position: number }) => [
        q.type,
        q.prompt,
        q.position,
      ]),
    ).toEqual([
      ['single', 'Capital of India, the country?', 0],
      ['true_false', 'Two\nlines', 1],
      ['short', 'Spell four', 2],
      ['long', 'Explain', 3],
    ]);
    expect(quiz.questions[0]).toMatchObject({ marks: 2, negativeMarks: 0.5, explanation: 'Said "Delhi"' });
    expect(quiz.questions[1].options).toEqual([
      { id: 'true', text: 'True', correct: true },
      { id: 'false', text: 'False', correct: false },
    ]);
    expect(quiz.totalMarks).toBe(7);
  });

  it("reports each row's reason in the teacher's language, the column named as the file names it", async () => {
    const { headers, quizId } = await quizOfTeacher();
    await chooseLocale(ctx.app, headers, 'hi');
    const csv = [
      QUIZ_CSV_COLUMNS.join(','),
      'single,No correct one,a|b,,1,,',
      'single,Too far,a|b,3,1,,',
      'true_false,Yes or no,,maybe,,,',
      'short,Extra,,x,,,,surplus',
    ].join('\n');
    const response = await upload(headers, quizId, 'questions.csv', 'text/csv', Buffer.from(csv));
    expect(response.statusCode, response.body).toBe(200);
    const say = (key: keyof typeof hiQuizzes, values: Record<string, string | number> = {}) =>
      Object.entries(values).reduce(
        (text, [name, value]) => text.replace(`{${name}}`, String(value)),
        hiQuizzes[key],
      );
    expect(response.json()).toEqual({
      imported: 0,
      rejected: [
        { row: 2, reason: `options: ${hiCommon['questionMsg.exactlyOneCorrect']}` },
        { row: 3, reason: `correct: ${say('server.quizzes.csvNotAnOption', { item: '3', count: 2 })}` },
        { row: 4, reason: `correct: ${say('server.quizzes.csvTrueOrFalse')}` },
        {
          row: 5,
          reason: say('server.quizzes.csvRowColumns', {
            count: 8,
            expected: QUIZ_CSV_COLUMNS.length,
            header: QUIZ_CSV_COLUMNS.join(', '),
          }),
        },
      ],
    });
    expect(JSON.stringify(response.json())).not.toMatch(/Please|expected|is not the number/u);
  });

  it('fills the quiz up to its limit and reports the rows that found no room', async () => {
    const { headers, quizId } = await quizOfTeacher();
    const rows = Array.from(
      { length: QUIZ_LIMITS.questionsPerQuiz + 2 },
      (_, i) => `long,Question ${i + 1},,,,,`,
    );
    const csv = [QUIZ_CSV_COLUMNS.join(','), ...rows].join('\n');
    const response = await upload(headers, quizId, 'many.csv', 'text/csv', Buffer.from(csv));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: QUIZ_LIMITS.questionsPerQuiz,
      rejected: [
        { row: 202, reason: 'A quiz can have at most 200 questions' },
        { row: 203, reason: 'A quiz can have at most 200 questions' },
      ],
    });
    const quiz = (await ctx.app.inject({ method: 'GET', url: `/api/quizzes/${quizId}`, headers })).json();
    expect(quiz.questions.at(-1)).toMatchObject({ prompt: 'Question 200', position: 199 });
  });

  it('refuses a file over the size limit', async () => {
    const { headers, quizId } = await quizOfTeacher();
    const big = Buffer.alloc(QUIZ_LIMITS.importMaxBytes + 10, 'a');
    const response = await upload(headers, quizId, 'big.csv', 'text/csv', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large (at most 2 MB)',
    });
  });

  it('refuses a binary file, a wrong header and a non-multipart request, saving nothing', async () => {
    const { headers, quizId } = await quizOfTeacher();
    const binary = await upload(headers, quizId, 'photo.csv', 'text/csv', tinyPng());
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ code: 'INVALID_FILE', message: 'This file is not a CSV file.' });

    const header = await upload(headers, quizId, 'q.csv', 'text/csv', Buffer.from('question,answer\nlong,x'));
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(
      'The first row must name the columns: type, prompt, options, correct, marks, negative_marks, explanation.',
    );

    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/${quizId}/questions/import`,
      headers,
      payload: {},
    });
    expect(json.statusCode).toBe(415);

    const quiz = (await ctx.app.inject({ method: 'GET', url: `/api/quizzes/${quizId}`, headers })).json();
    expect(quiz.questionCount).toBe(0);
  });
});
