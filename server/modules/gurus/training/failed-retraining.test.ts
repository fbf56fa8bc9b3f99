import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskEvent, GuruDetail, SessionGuru, TrainingState } from '../../../../common/contracts/gurus';
import { courseMaterials, guruChunks } from '../../../db/schema/index';
import { answerTextOf } from '../../../test/ask-events';
import { insertCourse } from '../../../test/courses';
import { buildAndLogin } from '../../../test/factories';
import { pdfOf } from '../../../test/fixtures/guru-training';
import { createGuru, setGuruSources } from '../../../test/gurus';
import { startTestApp, type TestContext } from '../../../test/harness';
import { subscribeDirectly } from '../../../test/quizzes';
import { multipart } from '../../../test/uploads';

/**
 * Decision 054: a training that fails leaves the guru answering from its last good training, and says why
 * and when. The failure is a real one: a study material's file gone from storage, as a lost disk or a
 * bucket cleaned by hand would leave it.
 */
let ctx: TestContext;
type Login = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Login;
let student: Login;
let courseId: string;
let guruId: string;

const call = (who: Login, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function uploadMaterial(title: string, pages: string[]): Promise<string> {
  const body = multipart(`${title}.pdf`, 'application/pdf', await pdfOf(pages));
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/materials?title=${encodeURIComponent(title)}`,
    headers: { ...teacher.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const training = async () =>
  (await call(teacher, 'GET', `/api/gurus/${guruId}/training`)).json() as TrainingState;
const detail = async () => (await call(teacher, 'GET', `/api/gurus/${guruId}`)).json() as GuruDetail;
const chunkTexts = async (kind: 'material' | 'course_faq') =>
  (
    await ctx.app.db
      .select({ text: guruChunks.text, title: guruChunks.title })
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, guruId), eq(guruChunks.sourceKind, kind)))
  ).map((row) => `${row.title}: ${row.text}`);

/** A student's whole way in: the course's gurus, a new session, one question; the answer's text and sources. */
async function studentAsks(question: string) {
  const listed = await call(student, 'GET', `/api/gurus/for-course/${courseId}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const offered = (listed.json().gurus as SessionGuru[]).find((guru) => guru.id === guruId);
  expect(offered, 'the course page offers the guru').toMatchObject({ unavailableReason: null });
  const started = await call(student, 'POST', `/api/gurus/${guruId}/sessions`, { courseId });
  expect(started.statusCode, started.body).toBe(201);
  const asked = await call(student, 'POST', `/api/conversations/${started.json().conversationId}/ask`, {
    question,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const events = asked.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);
  const text = answerTextOf(events);
  const citations = events.flatMap((event) => (event.type === 'citations' ? event.citations : []));
  return { text, citations, done: events.at(-1) };
}

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student' });
  const course = await insertCourse(ctx.app, teacher.user.id, { title: 'Plant biology' });
  courseId = course.id;
  await subscribeDirectly(ctx.app, courseId, student.user.id);
  guruId = (await createGuru(ctx.app, teacher.headers, { name: 'Botany Guru', subject: 'Biology' })).id;
  await setGuruSources(ctx.app, teacher.headers, guruId, [courseId]);
});
afterAll(async () => ctx?.close());

describe('a failed retraining', () => {
  let trainedAt: string;
  let faqId: string;

  it('starts from a guru trained on study material and a course FAQ', async () => {
    await uploadMaterial('Photosynthesis notes', [
      'Photosynthesis. Leaves turn sunlight, water and carbon dioxide into glucose and oxygen inside the chloroplasts.',
    ]);
    const faq = await call(teacher, 'POST', `/api/courses/${courseId}/faqs`, {
      question: 'Why are leaves green?',
      answer: 'Leaves look green because chlorophyll reflects green light and absorbs red and blue light.',
    });
    expect(faq.statusCode, faq.body).toBe(201);
    faqId = faq.json().id;
    const trained = await call(teacher, 'POST', `/api/gurus/${guruId}/train`);
    expect(trained.statusCode, trained.body).toBe(202);
    const state = await training();
    expect(state).toMatchObject({ status: 'ready', error: null, failedAt: null });
    trainedAt = state.trainedAt as string;
    expect(trainedAt).toBeTruthy();
    const answer = await studentAsks('Why are leaves green?');
    expect(answer.text).toMatch(/chlorophyll/);
  });

  it('keeps answering from the last good passages and tells the teacher what failed and when', async () => {
    // A second material, learnt by the automatic retraining its upload starts; then its file is lost.
    const lostId = await uploadMaterial('Cell walls', [
      'Cell walls. Plant cells have a rigid wall of cellulose outside the membrane.',
    ]);
    const afterUpload = await training();
    expect(afterUpload.status).toBe('ready');
    trainedAt = afterUpload.trainedAt as string;
    const passagesBefore = {
      material: (await chunkTexts('material')).sort(),
      faq: await chunkTexts('course_faq'),
    };
    expect(passagesBefore.material.join('\n')).toContain('cellulose');
    const lost = await ctx.app.db.query.courseMaterials.findFirst({ where: eq(courseMaterials.id, lostId) });
    await ctx.app.storage.remove(lost?.filePath as string);

    // Deleting the FAQ entry retrains the guru (it answers students): that training fails on the lost file,
    // and nothing of it is applied, not even the removal it read first.
    const failedAtLeast = Date.now();
    expect((await call(teacher, 'DELETE', `/api/courses/${courseId}/faqs/${faqId}`)).statusCode).toBe(200);
    const reason = 'The study material "Cell walls" is missing from storage. Please upload it again.';
    const state = await training();
    expect(state).toMatchObject({ status: 'failed', error: reason, trainedAt });
    expect(Date.parse(state.failedAt as string)).toBeGreaterThanOrEqual(failedAtLeast - 1000);
    expect(await detail()).toMatchObject({
      status: 'failed',
      trainingError: reason,
      trainingFailedAt: state.failedAt,
      trainedAt,
    });
    expect((await chunkTexts('material')).sort()).toEqual(passagesBefore.material);
    expect(await chunkTexts('course_faq')).toEqual(passagesBefore.faq);

    // Training again by hand fails the same way, with a new time.
    expect((await call(teacher, 'POST', `/api/gurus/${guruId}/train`)).statusCode).toBe(202);
    const again = await training();
    expect(again).toMatchObject({ status: 'failed', error: reason, trainedAt });
    expect(Date.parse(again.failedAt as string)).toBeGreaterThanOrEqual(Date.parse(state.failedAt as string));

    // Students are still answered, from the training that succeeded.
    const fromFaq = await studentAsks('Why are leaves green?');
    expect(fromFaq.text).toMatch(/chlorophyll/);
    const fromMaterial = await studentAsks(
      'What is inside the chloroplasts of a leaf during photosynthesis?',
    );
    expect(fromMaterial.done).toMatchObject({ type: 'done', notCovered: false });
    expect(fromMaterial.citations.some((citation) => citation.sourceKind === 'material')).toBe(true);
  });

  it('clears the failure when a later training succeeds, which then applies every change', async () => {
    const materials = (await call(teacher, 'GET', `/api/courses/${courseId}/materials`)).json().materials as {
      id: string;
      title: string;
    }[];
    const lost = materials.find((material) => material.title === 'Cell walls');
    expect((await call(teacher, 'DELETE', `/api/courses/${courseId}/materials/${lost?.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(teacher, 'POST', `/api/gurus/${guruId}/train`)).statusCode).toBe(202);
    const state = await training();
    expect(state).toMatchObject({ status: 'ready', error: null, failedAt: null });
    expect(Date.parse(state.trainedAt as string)).toBeGreaterThan(Date.parse(trainedAt));
    expect(await detail()).toMatchObject({ trainingError: null, trainingFailedAt: null });
    expect(await chunkTexts('course_faq')).toEqual([]);
    expect((await chunkTexts('material')).join('\n')).not.toContain('cellulose');
    const answer = await studentAsks('What is inside the chloroplasts of a leaf during photosynthesis?');
    expect(answer.citations.some((citation) => citation.sourceKind === 'material')).toBe(true);
  });
});
