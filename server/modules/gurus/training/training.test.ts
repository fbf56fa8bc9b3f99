import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingState } from '../../../../common/contracts/gurus';
import {
  courseVideos,
  guruChunks,
  guruCourses,
  guruQuestions,
  gurus,
  plans,
  subscriptions,
} from '../../../db/schema/index';
import { buildAndLogin } from '../../../test/factories';
import {
  insertCaptionedVideo,
  insertCourseFaq,
  insertGuru,
  insertGuruFaq,
  insertMaterial,
  insertSourceCourse,
  linkCourse,
  pdfOf,
  webVtt,
} from '../../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../../test/harness';
import { NO_SOURCES_MESSAGE } from './sources';

/** Cues every 8 s over 96 s: two or three caption passages of about 30-45 s. */
const CUES: [number, number, string][] = [
  [0, 8, 'Welcome to right triangles.'],
  [8, 16, 'A right triangle has one angle of ninety degrees.'],
  [16, 24, 'The side across from the right angle is the longest side.'],
  [24, 32, 'We call that side the hypotenuse.'],
  [32, 40, 'Now let us look at the other two sides,'],
  [40, 48, 'which are called the legs of the triangle.'],
  [48, 56, 'The Pythagorean theorem says the square of the hypotenuse'],
  [56, 64, 'equals the sum of the squares of the legs.'],
  [64, 72, 'For legs of three and four the hypotenuse is five.'],
  [72, 80, 'Try it with legs of five and twelve.'],
  [80, 88, 'You should get thirteen.'],
  [88, 96, 'That is all for this lesson.'],
];

describe('guru training', () => {
  let ctx: TestContext;
  let teacher: Awaited<ReturnType<typeof buildAndLogin>>;
  let guruId: string;
  let courseId: string;
  let videoId: string;
  let materialId: string;
  let guruFaqId: string;
  const pushed: TrainingState[] = [];

  const train = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guruId}/train`,
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as TrainingState;
  };
  const chunksOf = (id: string) =>
    ctx.app.db
      .select()
      .from(guruChunks)
      .where(eq(guruChunks.guruId, id))
      .orderBy(asc(guruChunks.sourceKey), asc(guruChunks.position));

  beforeAll(async () => {
    ctx = await startTestApp();
    const notify = ctx.app.realtime.notify.bind(ctx.app.realtime);
    ctx.app.realtime.notify = (room, event, payload) => {
      if (event === 'guru-training' && room === `user:${teacher.user.id}`)
        pushed.push(payload as TrainingState);
      notify(room, event, payload);
    };
    teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertSourceCourse(ctx.app, teacher.user.id);
    courseId = course.id;
    const video = await insertCaptionedVideo(ctx.app, courseId, 'Right triangles', webVtt(CUES));
    videoId = video.id;
    const pdf = await pdfOf([
      'Area of a circle. The area of a circle is pi times the radius squared.',
      'Perimeter. The perimeter of a rectangle is twice the sum of its length and width.',
    ]);
    materialId = (await insertMaterial(ctx.app, courseId, 'Formula sheet', pdf)).id;
    await insertCourseFaq(
      ctx.app,
      courseId,
      'Do I need a calculator?',
      'A basic calculator is enough for every exercise.',
    );
    const guru = await insertGuru(ctx.app, teacher.user.id);
    guruId = guru.id;
    await linkCourse(ctx.app, guruId, courseId, [videoId]);
    guruFaqId = (
      await insertGuruFaq(
        ctx.app,
        guruId,
        'What is a protractor for?',
        'A protractor measures angles in degrees.',
      )
    ).id;
  });
  afterAll(async () => ctx?.close());

  it('indexes captions with video times, PDF pages, the course FAQ and the guru FAQ', async () => {
    const state = await train();
    expect(state).toMatchObject({
      guruId,
      status: 'ready',
      progress: 100,
      error: null,
      indexedSources: 4,
      reusedSources: 0,
    });

    const chunks = await chunksOf(guruId);
    expect(state.chunkCount).toBe(chunks.length);
    const captions = chunks.filter((chunk) => chunk.sourceKind === 'caption');
    expect(captions.length).toBeGreaterThanOrEqual(2);
    for (const chunk of captions) {
      expect(chunk.videoId).toBe(videoId);
      expect(chunk.courseId).toBe(courseId);
      expect(chunk.title).toBe('Right triangles');
      const length = (chunk.endSeconds ?? 0) - (chunk.startSeconds ?? 0);
      expect(length).toBeGreaterThanOrEqual(24);
      expect(length).toBeLessThanOrEqual(45);
    }
    expect(captions[0].startSeconds).toBe(0);
    const hypotenuse = captions.find((chunk) => chunk.text.includes('We call that side the hypotenuse'));
    expect(hypotenuse?.startSeconds).toBe(0);
    const theorem = captions.find((chunk) => chunk.text.includes('Pythagorean theorem'));
    expect(theorem?.startSeconds).toBeGreaterThan(24);

    const pages = chunks.filter((chunk) => chunk.sourceKind === 'material');
    expect(pages.map((chunk) => [chunk.page, chunk.materialId])).toEqual([
      [1, materialId],
      [2, materialId],
    ]);
    expect(pages[0].text).toContain('pi times the radius squared');
    expect(pages[0].title).toBe('Formula sheet');

    const courseFaq = chunks.find((chunk) => chunk.sourceKind === 'course_faq');
    expect(courseFaq?.text).toBe(
      'Q: Do I need a calculator?\nA: A basic calculator is enough for every exercise.',
    );
    expect(courseFaq?.courseId).toBe(courseId);
    const guruFaq = chunks.find((chunk) => chunk.sourceKind === 'guru_faq');
    expect(guruFaq?.sourceKey).toBe(`faq:${guruFaqId}`);

    // The owner saw the progress live, ending at 100 and ready.
    expect(pushed[0]).toMatchObject({ status: 'training', progress: 0 });
    expect(pushed.map((state) => state.progress)).toEqual(
      [...pushed.map((state) => state.progress)].sort((a, b) => a - b),
    );
    expect(pushed.at(-1)).toMatchObject({ status: 'ready', progress: 100, indexedSources: 4 });

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/gurus/${guruId}/training`,
      headers: teacher.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(state);
  });

  it('re-indexes only the source that changed and reuses the rest', async () => {
    const before = await chunksOf(guruId);
    await ctx.app.db
      .update(guruQuestions)
      .set({ answer: 'A protractor measures angles; place its centre on the vertex.' })
      .where(eq(guruQuestions.id, guruFaqId));
    const state = await train();
    expect(state).toMatchObject({ status: 'ready', indexedSources: 1, reusedSources: 3 });

    const after = await chunksOf(guruId);
    const ids = (rows: typeof before, kind: string) =>
      rows.filter((row) => row.sourceKind === kind).map((row) => row.id);
    // Unchanged sources keep their chunks (the same ids: citations stay valid).
    expect(ids(after, 'caption')).toEqual(ids(before, 'caption'));
    expect(ids(after, 'material')).toEqual(ids(before, 'material'));
    expect(ids(after, 'guru_faq')).not.toEqual(ids(before, 'guru_faq'));
    expect(after.find((row) => row.sourceKind === 'guru_faq')?.text).toContain(
      'place its centre on the vertex',
    );

    const again = await train();
    expect(again).toMatchObject({ indexedSources: 0, reusedSources: 4 });
  });

  it('drops the chunks of a course the guru no longer learns from', async () => {
    await ctx.app.db
      .delete(guruCourses)
      .where(and(eq(guruCourses.guruId, guruId), eq(guruCourses.courseId, courseId)));
    const state = await train();
    expect(state).toMatchObject({ status: 'ready', indexedSources: 0, reusedSources: 1, chunkCount: 1 });
    const kinds = (await chunksOf(guruId)).map((chunk) => chunk.sourceKind);
    expect(kinds).toEqual(['guru_faq']);
  });

  it('fails with a clear reason: no sources at all, or a study material that is not a PDF', async () => {
    const empty = await insertGuru(ctx.app, teacher.user.id, { name: 'Empty guru' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${empty.id}/train`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      status: 'failed',
      error: NO_SOURCES_MESSAGE.english,
      chunkCount: 0,
    });
    expect(NO_SOURCES_MESSAGE.english).toBe('Add a course, FAQ or study material before training');

    // A course with nothing ready yet is named, so the teacher knows what to add or wait for.
    const waiting = await insertGuru(ctx.app, teacher.user.id, { name: 'Waiting guru' });
    const unready = await insertSourceCourse(ctx.app, teacher.user.id, 'Course still processing');
    await linkCourse(ctx.app, waiting.id, unready.id);
    const named = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${waiting.id}/train`,
      headers: teacher.headers,
    });
    expect(named.json()).toMatchObject({
      status: 'failed',
      error:
        '"Course still processing" has no ready lesson videos, FAQ or study material yet. Add some, or wait until the videos finish processing, then train again.',
    });

    const broken = await insertGuru(ctx.app, teacher.user.id, { name: 'Broken guru' });
    const course = await insertSourceCourse(ctx.app, teacher.user.id, 'Broken course');
    await insertMaterial(ctx.app, course.id, 'Scanned notes', Buffer.from('this is not a pdf at all'));
    await linkCourse(ctx.app, broken.id, course.id);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${broken.id}/train`,
      headers: teacher.headers,
    });
    expect(failed.json()).toMatchObject({
      status: 'failed',
      error: 'The study material "Scanned notes" could not be read as a PDF.',
    });
    const row = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, broken.id) });
    expect(row?.trainingError).toBe('The study material "Scanned notes" could not be read as a PDF.');
    expect(row?.trainedAt).toBeNull();
  });

  it('learns every ready lesson of a course added without choosing videos', async () => {
    const course = await insertSourceCourse(ctx.app, teacher.user.id, 'Circles course');
    const ready = await insertCaptionedVideo(
      ctx.app,
      course.id,
      'Circles',
      webVtt([[0, 8, 'A circle is the set of points at one distance from its centre.']]),
    );
    const processing = await insertCaptionedVideo(
      ctx.app,
      course.id,
      'Not ready yet',
      webVtt([[0, 8, 'This video is still being prepared.']]),
    );
    await ctx.app.db
      .update(courseVideos)
      .set({ processingStatus: 'processing' })
      .where(eq(courseVideos.id, processing.id));
    const guru = await insertGuru(ctx.app, teacher.user.id, { name: 'Circles guru' });
    await linkCourse(ctx.app, guru.id, course.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/train`,
      headers: teacher.headers,
    });
    expect(response.json()).toMatchObject({ status: 'ready', indexedSources: 1 });
    const chunks = await chunksOf(guru.id);
    expect(chunks.map((chunk) => [chunk.sourceKey, chunk.text])).toEqual([
      [`caption:${ready.id}`, 'A circle is the set of points at one distance from its centre.'],
    ]);
  });

  it('lets only the owner side train or read the training', async () => {
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    for (const [method, path] of [
      ['POST', 'train'],
      ['GET', 'training'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url: `/api/gurus/${guruId}/${path}`,
        headers: other.headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/gurus/${guruId}/training`,
      headers: admin.headers,
    });
    expect(read.statusCode).toBe(200);
  });

  it("refuses when the owner's plan leaves gurus out", async () => {
    const subscription = await ctx.app.db.query.subscriptions.findFirst({
      where: eq(subscriptions.userId, teacher.user.id),
    });
    const plan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.id, subscription?.planId ?? '') });
    if (!plan) throw new Error('the teacher has no plan');
    await ctx.app.db
      .update(plans)
      .set({ modules: { ...plan.modules, gurus: 'NONE' } })
      .where(eq(plans.id, plan.id));
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/gurus/${guruId}/train`,
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Your plan does not include Gurus.');
    } finally {
      await ctx.app.db.update(plans).set({ modules: plan.modules }).where(eq(plans.id, plan.id));
    }
  });
});
