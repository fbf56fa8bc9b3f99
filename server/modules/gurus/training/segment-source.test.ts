import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryCue } from '../../../../common/library';
import { courseVideos, guruChunks, gurus } from '../../../db/schema/index';
import { buildUser } from '../../../test/factories';
import {
  insertCaptionedVideo,
  insertGuru,
  insertSourceCourse,
  linkCourse,
  webVtt,
} from '../../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../../test/harness';
import { prepareAnswer } from '../answering';
import { trainGuru } from './train';

/** A lesson made from a three-slide course library, as the from-library route copies its cues. */
const CUES: LibraryCue[] = [
  {
    segmentId: 's1',
    slide: 1,
    text: 'Welcome to photosynthesis in green plants.',
    startSeconds: 0,
    endSeconds: 6.5,
  },
  {
    segmentId: 's2',
    slide: 2,
    heading: 'Chlorophyll',
    text: 'Chlorophyll in the leaves absorbs sunlight and turns it into chemical energy.',
    startSeconds: 6.5,
    endSeconds: 14.2,
  },
  { segmentId: 's3', slide: 3, text: '   ', startSeconds: 14.2, endSeconds: 16 },
  {
    segmentId: 's4',
    slide: 4,
    heading: 'Leaves breathe',
    text: 'Plants release oxygen through tiny pores called stomata.',
    startSeconds: 16,
    endSeconds: 75.5,
  },
];

describe('guru training from course library lessons', () => {
  let ctx: TestContext;
  let guru: typeof gurus.$inferSelect;
  let courseId: string;
  let videoId: string;
  let captionedId: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const course = await insertSourceCourse(ctx.app, teacher.id, 'Biology basics');
    courseId = course.id;
    // A library lesson has captions too (the same narration cut by time): they must not be indexed again.
    const video = await insertCaptionedVideo(
      ctx.app,
      courseId,
      'Photosynthesis',
      webVtt([[0, 14.2, 'Welcome to photosynthesis in green plants. Chlorophyll in the leaves absorbs']]),
    );
    await ctx.app.db.update(courseVideos).set({ libraryCues: CUES }).where(eq(courseVideos.id, video.id));
    videoId = video.id;
    // An uploaded lesson with captions only: still read as captions, never as segments.
    captionedId = (
      await insertCaptionedVideo(
        ctx.app,
        courseId,
        'Cells',
        webVtt([[0, 8, 'Every living thing is made of cells.']]),
      )
    ).id;
    guru = await insertGuru(ctx.app, teacher.id, { name: 'Biology Guru', subject: 'Biology' });
    await linkCourse(ctx.app, guru.id, courseId, [videoId, captionedId]);
    await trainGuru(ctx.app, guru.id);
    const trained = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
    expect(trained?.trainingError ?? null).toBeNull();
    expect(trained?.status).toBe('ready');
    guru = trained as typeof gurus.$inferSelect;
  });
  afterAll(async () => ctx?.close());

  it('indexes one passage per narrated segment, with its slide and times', async () => {
    const chunks = await ctx.app.db
      .select()
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, guru.id), eq(guruChunks.sourceKind, 'segment')))
      .orderBy(asc(guruChunks.position));
    expect(
      chunks.map((chunk) => [chunk.slide, chunk.startSeconds, chunk.endSeconds, chunk.heading, chunk.text]),
    ).toEqual([
      // Cues copied before slide titles were read apart have none.
      [1, 0, 6.5, '', CUES[0].text],
      [2, 6.5, 14.2, 'Chlorophyll', CUES[1].text],
      // Slide 3 has no narration: nothing to answer from.
      [4, 16, 75.5, 'Leaves breathe', CUES[3].text],
    ]);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({
        sourceKey: `segment:${videoId}`,
        title: 'Photosynthesis',
        courseId,
        videoId,
        materialId: null,
      });
    }
    const others = await ctx.app.db
      .select({ sourceKey: guruChunks.sourceKey })
      .from(guruChunks)
      .where(and(eq(guruChunks.guruId, guru.id), eq(guruChunks.sourceKind, 'caption')));
    // One passage per teaching unit: the library lesson's captions are not indexed beside its slides.
    expect(others.map((row) => row.sourceKey)).toEqual([`caption:${captionedId}`]);
  });

  it('answers a question worded like a narration citing that slide and moment', async () => {
    const prepared = await prepareAnswer(ctx.app, guru, 'What absorbs sunlight in the leaves?', []);
    expect(prepared.notCovered).toBe(false);
    expect(prepared.citations[0]).toMatchObject({
      sourceKind: 'segment',
      title: 'Photosynthesis',
      courseId,
      videoId,
      startSeconds: 6.5,
      slide: 2,
    });
    const parts: string[] = [];
    for await (const part of prepared.stream) parts.push(part);
    const answer = parts.join('');
    expect(answer).toContain(CUES[1].text);
    // The citation is shown as a chip, never written into (and so never spoken with) the answer.
    expect(answer).not.toMatch(/See |slide 2|0:06/);

    const later = await prepareAnswer(ctx.app, guru, 'What are the tiny pores called stomata for?', []);
    expect(later.citations[0]).toMatchObject({ sourceKind: 'segment', slide: 4, startSeconds: 16 });
  });

  it('re-indexes the segments only when the lesson gets new cues', async () => {
    const before = await ctx.app.db
      .select({ id: guruChunks.id })
      .from(guruChunks)
      .where(eq(guruChunks.sourceKey, `segment:${videoId}`));
    await trainGuru(ctx.app, guru.id);
    const same = await ctx.app.db
      .select({ id: guruChunks.id })
      .from(guruChunks)
      .where(eq(guruChunks.sourceKey, `segment:${videoId}`));
    expect(same).toEqual(before);

    await ctx.app.db
      .update(courseVideos)
      .set({ libraryCues: [{ ...CUES[0], text: 'Photosynthesis feeds the plant.' }] })
      .where(eq(courseVideos.id, videoId));
    await trainGuru(ctx.app, guru.id);
    const after = await ctx.app.db
      .select({ text: guruChunks.text, slide: guruChunks.slide })
      .from(guruChunks)
      .where(eq(guruChunks.sourceKey, `segment:${videoId}`));
    expect(after).toEqual([{ text: 'Photosynthesis feeds the plant.', slide: 1 }]);
  });
});
