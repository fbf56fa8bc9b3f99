import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuruDetail } from '../../../../common/contracts/gurus';
import { guruChunks, guruIndexedSources, gurus } from '../../../db/schema/index';
import { buildAndLogin } from '../../../test/factories';
import {
  insertCaptionedVideo,
  insertGuru,
  insertSourceCourse,
  linkCourse,
  pdfOf,
  webVtt,
} from '../../../test/fixtures/guru-training';
import { insertPlan, putOnPlan } from '../../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/uploads';
import { prepareAnswer } from '../answering';
import { trainGuru } from './train';

/**
 * Decision 013: a change inside a guru's course (FAQ, study material, captions, videos) marks the gurus
 * learning from it as changed, and those answering students re-train at once, so answers follow the course.
 */
describe('gurus follow changes of their courses', () => {
  let ctx: TestContext;
  let teacher: Awaited<ReturnType<typeof buildAndLogin>>;
  let courseId: string;
  let videoId: string;
  let readyId: string;
  let failedId: string;
  let otherVideoGuruId: string;

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: teacher.headers, ...(payload ? { payload } : {}) });
  const guruRow = async (id: string) => {
    const row = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, id) });
    if (!row) throw new Error('guru gone');
    return row;
  };
  const detail = async (id: string) => {
    const response = await api('GET', `/api/gurus/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as GuruDetail;
  };
  const chunkKinds = async (id: string) =>
    (await ctx.app.db.select().from(guruChunks).where(eq(guruChunks.guruId, id))).map(
      (chunk) => chunk.sourceKind,
    );

  beforeAll(async () => {
    ctx = await startTestApp();
    teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    // Room for the three gurus below: on the trial's limit of one, none would re-train (see the last test).
    await putOnPlan(ctx.app, teacher.user.id, (await insertPlan(ctx.app, {})).id);
    courseId = (await insertSourceCourse(ctx.app, teacher.user.id, 'Fractions')).id;
    videoId = (
      await insertCaptionedVideo(
        ctx.app,
        courseId,
        'Adding fractions',
        webVtt([
          [0, 10, 'To add fractions, first find a common denominator.'],
          [10, 20, 'Then add the numerators and keep the denominator.'],
        ]),
      )
    ).id;
    // Answers students: re-trains on its own.
    readyId = (await insertGuru(ctx.app, teacher.user.id, { name: 'Fractions Guru' })).id;
    await linkCourse(ctx.app, readyId, courseId, [videoId]);
    await trainGuru(ctx.app, readyId);
    // Trained once, then failed: only marked, its owner decides.
    failedId = (await insertGuru(ctx.app, teacher.user.id, { name: 'Broken Guru' })).id;
    await linkCourse(ctx.app, failedId, courseId, [videoId]);
    await trainGuru(ctx.app, failedId);
    await ctx.app.db
      .update(gurus)
      .set({ status: 'failed', trainingError: 'Something went wrong.' })
      .where(eq(gurus.id, failedId));
    // Learns from the course but did not choose its video: its captions are none of its business.
    otherVideoGuruId = (await insertGuru(ctx.app, teacher.user.id, { name: 'FAQ-only Guru' })).id;
    await linkCourse(ctx.app, otherVideoGuruId, courseId);
    await ctx.app.db
      .update(gurus)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(gurus.id, otherVideoGuruId));
  });
  afterAll(async () => ctx?.close());

  it('re-trains a ready guru on a new course FAQ entry, which it then answers from', async () => {
    const question = 'Can the denominators differ when adding fractions?';
    const before = await prepareAnswer(ctx.app, await guruRow(readyId), question, []);
    expect(before.passages.some((passage) => passage.text.includes('least common multiple'))).toBe(false);
    expect((await detail(readyId)).needsTraining).toBe(false);

    const created = await api('POST', `/api/courses/${courseId}/faqs`, {
      question,
      answer: 'Yes: rewrite both fractions over the least common multiple of the denominators first.',
    });
    expect(created.statusCode, created.body).toBe(201);

    const ready = await detail(readyId);
    expect(ready).toMatchObject({ status: 'ready', needsTraining: false });
    const faqChunks = await ctx.app.db
      .select()
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, readyId), eq(guruChunks.sourceKind, 'course_faq')));
    expect(faqChunks).toHaveLength(1);
    expect(faqChunks[0].sourceKey).toBe(`course-faq:${created.json().id}`);

    const after = await prepareAnswer(ctx.app, await guruRow(readyId), question, []);
    expect(after.notCovered).toBe(false);
    expect(after.citations[0]).toMatchObject({ sourceKind: 'course_faq', title: 'Fractions FAQ' });
    let text = '';
    for await (const part of after.stream) text += part;
    expect(text).toContain('least common multiple');

    // The failed guru is only marked; it did not train again.
    const failed = await detail(failedId);
    expect(failed).toMatchObject({ status: 'failed', needsTraining: true });
    expect(await chunkKinds(failedId)).not.toContain('course_faq');
  });

  it('drops a deleted FAQ entry and indexes new study material', async () => {
    const faqs = (await api('GET', `/api/courses/${courseId}/faqs`)).json().faqs as { id: string }[];
    expect((await api('DELETE', `/api/courses/${courseId}/faqs/${faqs[0].id}`)).statusCode).toBe(200);
    expect(await chunkKinds(readyId)).not.toContain('course_faq');

    const pdf = await pdfOf([
      'Equivalent fractions. Multiply the numerator and denominator by the same number.',
    ]);
    const upload = multipart('equivalent.pdf', 'application/pdf', pdf);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/materials`,
      headers: { ...teacher.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const materials = await ctx.app.db
      .select()
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, readyId), eq(guruChunks.sourceKind, 'material')));
    expect(materials.map((chunk) => chunk.materialId)).toEqual([uploaded.json().id]);
    expect(materials[0].text).toContain('Multiply the numerator and denominator');
    expect((await detail(readyId)).needsTraining).toBe(false);
  });

  it('follows replaced captions and a deleted video, touching only gurus that chose the video', async () => {
    const untouchedSince = (await guruRow(otherVideoGuruId)).updatedAt;
    const vtt = webVtt([[0, 10, 'Mixed numbers combine a whole number and a fraction.']]);
    const upload = multipart('captions.vtt', 'text/vtt', Buffer.from(vtt));
    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${courseId}/videos/${videoId}/captions`,
      headers: { ...teacher.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const captions = await ctx.app.db
      .select()
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, readyId), eq(guruChunks.sourceKind, 'caption')));
    expect(captions.map((chunk) => chunk.text).join(' ')).toContain('Mixed numbers');
    expect(captions.map((chunk) => chunk.text).join(' ')).not.toContain('common denominator');
    expect((await guruRow(otherVideoGuruId)).updatedAt).toEqual(untouchedSince);

    expect((await api('DELETE', `/api/courses/${courseId}/videos/${videoId}`)).statusCode).toBe(200);
    expect(await chunkKinds(readyId)).not.toContain('caption');
    const sources = await ctx.app.db
      .select({ key: guruIndexedSources.sourceKey })
      .from(guruIndexedSources)
      .where(eq(guruIndexedSources.guruId, readyId));
    expect(sources.map((source) => source.key)).not.toContain(`caption:${videoId}`);
    expect(await detail(readyId)).toMatchObject({ status: 'ready', needsTraining: false });
    expect((await guruRow(otherVideoGuruId)).updatedAt).toEqual(untouchedSince);
  });

  it('only marks the gurus of an owner whose plan no longer includes gurus: no training they could not start', async () => {
    const plan = await insertPlan(ctx.app, { modules: { gurus: 'NONE' } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const trainedAt = (await guruRow(readyId)).trainedAt;
    const created = await api('POST', `/api/courses/${courseId}/faqs`, {
      question: 'Do I simplify the result?',
      answer: 'Yes: divide the numerator and denominator by their greatest common factor.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const guru = await guruRow(readyId);
    expect(guru.status).toBe('ready');
    expect(guru.trainedAt).toEqual(trainedAt);
    expect(guru.updatedAt.getTime()).toBeGreaterThan(trainedAt?.getTime() ?? 0);
    expect(await chunkKinds(readyId)).not.toContain('course_faq');
  });
});
