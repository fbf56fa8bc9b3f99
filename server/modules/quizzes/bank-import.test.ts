import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { quizQuestions, storedFiles } from '../../db/schema/index';
import hiBank from '../../i18n/hi/bank-import.json';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import { attemptUrl, startAttemptViaApi, subscribeDirectly } from '../../test/quizzes';
import { multipartWithFields, tinyPng } from '../../test/uploads';

/** The preview and import routes of question banks (issue 35): what is read, what is saved, and who may. */

let ctx: TestContext;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const picture = tinyPng().toString('base64');

/** A Moodle XML bank as Moodle writes it: a category, a picture inside a question, and a cloze Gurukul cannot hold. */
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category">
    <category><text>$course$/top/Physics/Waves</text></category>
  </question>
  <question type="multichoice">
    <name><text>Speed of sound</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Which is fastest?</p><p><img src="@@PLUGINFILE@@/wave.png" alt="A wave"></p>]]></text>
      <file name="wave.png" path="/" encoding="base64">${picture}</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Sound is fastest in <b>solids</b>.</p>]]></text></generalfeedback>
    <defaultgrade>2</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text>Steel</text></answer>
    <answer fraction="0" format="html"><text>Air</text></answer>
    <answer fraction="0" format="html"><text>Water</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Hindi</text></name>
    <questiontext format="plain_text"><text>ध्वनि निर्वात में चल सकती है।</text></questiontext>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
  <question type="multianswer">
    <name><text>Cloze</text></name>
    <questiontext format="html"><text>Sound is a {1:SHORTANSWER:=wave}.</text></questiontext>
  </question>
</quiz>
`;

const call = (
  headers: Headers,
  url: string,
  fields: Record<string, string>,
  bytes: Buffer,
  name = 'bank.xml',
) => {
  const body = multipartWithFields(fields, name, bytes);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const preview = (headers: Headers, quizId: string, bytes: Buffer) =>
  call(headers, `/api/quizzes/${quizId}/questions/import/preview`, {}, bytes);
const importBank = (headers: Headers, quizId: string, bytes: Buffer, fields: Record<string, string>) =>
  call(headers, `/api/quizzes/${quizId}/questions/import/bank`, fields, bytes);

async function teacherWithQuiz() {
  const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const course = await insertCourse(ctx.app, user.id);
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/quizzes/of-course/${course.id}`,
    headers,
    payload: { title: 'Waves', timeLimitMinutes: 0, attemptsAllowed: 0, passPercent: 50 },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { user, headers, course, quizId: created.json().id as string };
}

const questionsOf = (quizId: string) =>
  ctx.app.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId));

describe('question bank import', () => {
  it('previews every question with what it becomes and every left-out one with its reason, saving nothing', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    const response = await preview(headers, quizId, Buffer.from(MOODLE));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.format).toBe('moodle_xml');
    expect(body.room).toBe(QUIZ_LIMITS.questionsPerQuiz);
    expect(body.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(body.questions).toHaveLength(2);
    const [choice, trueFalse] = body.questions;
    expect(choice).toMatchObject({
      index: 0,
      sourceType: 'multichoice',
      title: 'Speed of sound',
      type: 'single',
      prompt: 'Which is fastest?',
      options: [
        { text: 'Steel', correct: true },
        { text: 'Air', correct: false },
        { text: 'Water', correct: false },
      ],
      marks: 2,
      explanation: 'Sound is fastest in solids.',
      tags: ['Physics', 'Waves'],
    });
    expect(choice.images).toHaveLength(1);
    expect(choice.images[0].alt).toBe('A wave');
    expect(trueFalse).toMatchObject({
      type: 'true_false',
      trueFalseAnswer: false,
      prompt: 'ध्वनि निर्वात में चल सकती है।',
    });
    expect(body.skipped).toEqual([
      expect.objectContaining({
        sourceType: 'multianswer',
        title: 'Cloze',
        reason: expect.stringContaining('multianswer'),
      }),
    ]);
    expect(await questionsOf(quizId)).toEqual([]);
  });

  it('says why in the reader’s language', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    await chooseLocale(ctx.app, headers, 'hi');
    const body = (await preview(headers, quizId, Buffer.from(MOODLE))).json();
    expect(body.skipped[0].reason).toBe(
      hiBank['server.bank-import.skip.noEquivalent'].replace('{type}', 'multianswer'),
    );
  });

  it('imports the ticked questions with their pictures and tags, and shows the pictures to the author', async () => {
    const { user, headers, quizId } = await teacherWithQuiz();
    const { digest } = (await preview(headers, quizId, Buffer.from(MOODLE))).json();
    const response = await importBank(headers, quizId, Buffer.from(MOODLE), { digest, leaveOut: '1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, noRoom: 0, pictures: 1 });
    const [saved] = await questionsOf(quizId);
    expect(saved).toMatchObject({ type: 'single', marks: 2, tags: ['Physics', 'Waves'] });
    expect(saved.images).toEqual([{ key: expect.stringMatching(/^question-images\//), alt: 'A wave' }]);
    const [file] = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.path, saved.images[0].key));
    expect(file).toMatchObject({ ownerId: user.id, contentType: 'image/png' });

    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/quizzes/${quizId}`, headers })).json();
    const shown = detail.questions[0].images[0];
    const fetched = await ctx.app.inject({
      method: 'GET',
      url: new URL(shown.url, 'http://x').pathname + new URL(shown.url, 'http://x').search,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.subarray(0, 8)).toEqual(tinyPng().subarray(0, 8));
  });

  it('keeps an edit from naming a picture the question did not have', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    const { digest } = (await preview(headers, quizId, Buffer.from(MOODLE))).json();
    await importBank(headers, quizId, Buffer.from(MOODLE), { digest, leaveOut: '' });
    const [withPicture] = (await questionsOf(quizId)).filter((question) => question.images.length > 0);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quizId}/questions/${withPicture.id}`,
      headers,
      payload: {
        images: [
          { key: 'question-images/someone-else.png', alt: 'x' },
          { key: withPicture.images[0].key, alt: 'Waves' },
        ],
        tags: ['Sound'],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().images).toEqual([
      expect.objectContaining({ key: withPicture.images[0].key, alt: 'Waves' }),
    ]);
    expect(edited.json().tags).toEqual(['Sound']);
    const removed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quizId}/questions/${withPicture.id}`,
      headers,
      payload: { images: [] },
    });
    expect(removed.json().images).toEqual([]);
    expect(removed.json().tags).toEqual(['Sound']);
  });

  it('refuses a file other than the one previewed, saving nothing', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    const { digest } = (await preview(headers, quizId, Buffer.from(MOODLE))).json();
    const changed = Buffer.from(MOODLE.replace('Steel', 'Iron'));
    const response = await importBank(headers, quizId, changed, { digest, leaveOut: '' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/not the one previewed/);
    expect(await questionsOf(quizId)).toEqual([]);
    const noDigest = await importBank(headers, quizId, Buffer.from(MOODLE), {});
    expect(noDigest.statusCode).toBe(409);
  });

  it('tells where a broken file stops being readable, and what is not a bank', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    const broken = await preview(
      headers,
      quizId,
      Buffer.from('<?xml version="1.0"?>\n<quiz>\n<question type="truefalse">\n</quiz>\n'),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_FILE');
    expect(broken.json().message).toMatch(/line 4/);
    const html = await preview(headers, quizId, Buffer.from('<html><body>hello</body></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/Moodle XML, GIFT, Aiken/);
    const binary = await preview(
      headers,
      quizId,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xfe]),
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/neither text nor a zip/);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/${quizId}/questions/import/preview`,
      headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(415);
  });

  it('imports only as many as the quiz has room for, and keeps no picture of a question left out', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    await ctx.app.db.insert(quizQuestions).values(
      Array.from({ length: QUIZ_LIMITS.questionsPerQuiz - 1 }, (_item, position) => ({
        quizId,
        position,
        type: 'long',
        prompt: `Essay ${position}`,
      })),
    );
    const bank = Buffer.from(
      MOODLE.replace(
        '<question type="multichoice">',
        '<question type="truefalse"><name><text>First</text></name><questiontext format="plain_text"><text>First</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question><question type="multichoice">',
      ),
    );
    const previewed = (await preview(headers, quizId, bank)).json();
    expect(previewed.room).toBe(1);
    const response = await importBank(headers, quizId, bank, { digest: previewed.digest, leaveOut: '' });
    expect(response.json()).toEqual({ imported: 1, noRoom: 2, pictures: 0 });
    const pictures = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `question-images/${quizId}/%`));
    expect(pictures).toEqual([]);
    expect((await questionsOf(quizId)).filter((question) => question.type === 'true_false')).toHaveLength(1);
  });

  it('refuses pictures that would take the owner over the storage quota, saving nothing', async () => {
    const { user, headers, quizId } = await teacherWithQuiz();
    await ctx.app.db.insert(storedFiles).values({
      path: `test/${user.id}/full.bin`,
      ownerId: user.id,
      contentType: 'application/octet-stream',
      category: 'OTHER',
      sizeBytes: ctx.app.config.storageQuotaBytes,
      visibility: 'private',
    });
    const { digest } = (await preview(headers, quizId, Buffer.from(MOODLE))).json();
    const response = await importBank(headers, quizId, Buffer.from(MOODLE), { digest, leaveOut: '' });
    expect(response.statusCode).toBe(413);
    expect(await questionsOf(quizId)).toEqual([]);
  });

  it('lets only the course’s authors preview or import', async () => {
    const { quizId } = await teacherWithQuiz();
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await preview(other.headers, quizId, Buffer.from(MOODLE))).statusCode).toBe(403);
    expect((await preview(student.headers, quizId, Buffer.from(MOODLE))).statusCode).toBe(403);
    expect((await importBank(other.headers, quizId, Buffer.from(MOODLE), { digest: 'x' })).statusCode).toBe(
      403,
    );
    expect((await preview({}, quizId, Buffer.from(MOODLE))).statusCode).toBe(401);
    expect(await questionsOf(quizId)).toEqual([]);
  });

  it('tells the formats apart by their bytes, whatever the file is called', async () => {
    const { headers, quizId } = await teacherWithQuiz();
    const fixtures = path.join(import.meta.dirname, 'import/fixtures');
    const formatOf = async (file: string) => {
      const body = multipartWithFields({}, 'questions.txt', readFileSync(path.join(fixtures, file)));
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/quizzes/${quizId}/questions/import/preview`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect((await formatOf('gift/questions.gift.txt')).format).toBe('gift');
    expect((await formatOf('aiken/questions.aiken.txt')).format).toBe('aiken');
    expect((await formatOf('qti/v2p1/choice.xml')).format).toBe('qti');
    const bbq = await formatOf('qti/v3p0/BBQsTest.zip');
    expect(bbq.format).toBe('qti');
    expect(bbq.questions.length + bbq.skipped.length).toBe(22);
    const prose = await preview(
      headers,
      quizId,
      Buffer.from('Dear teacher,\nplease find the questions attached.\n'),
    );
    expect(prose.statusCode).toBe(400);
    expect(prose.json().message).toMatch(/not a question bank/);
  });

  it('shows an imported picture to the student on the paper and in the result', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Waves live' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/of-course/${courseId}`,
      headers: teacher.headers,
      payload: { title: 'Waves', timeLimitMinutes: 0, attemptsAllowed: 0, passPercent: 50 },
    });
    const quizId = created.json().id;
    const { digest } = (await preview(teacher.headers, quizId, Buffer.from(MOODLE))).json();
    await importBank(teacher.headers, quizId, Buffer.from(MOODLE), { digest, leaveOut: '' });
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribeDirectly(ctx.app, courseId, student.user.id);
    const attempt = await startAttemptViaApi(ctx.app, student.headers, quizId);
    const withPicture = attempt.questions.find(
      (question: { prompt: string }) => question.prompt === 'Which is fastest?',
    );
    expect(withPicture.images).toEqual([{ url: expect.any(String), alt: 'A wave' }]);
    const picture = new URL(withPicture.images[0].url, 'http://x');
    const fetched = await ctx.app.inject({ method: 'GET', url: picture.pathname + picture.search });
    expect(fetched.statusCode).toBe(200);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `${attemptUrl(attempt.id)}/submit`,
      headers: student.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().result.find((question: { id: string }) => question.id === withPicture.id);
    expect(result.images).toEqual([{ url: expect.any(String), alt: 'A wave' }]);
  });
});
