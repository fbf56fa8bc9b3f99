import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guruChunks, guruIndexedSources, gurus } from '../../../db/schema/index';
import { buildUser } from '../../../test/factories';
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
import { trainGuru } from './train';

/** Two trainings of one guru (two app processes, a correction during a training) run one after the other. */
describe('one training at a time per guru', () => {
  let ctx: TestContext;
  let ownerId: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    ownerId = (await buildUser(ctx.app, { userType: 'teacher' })).id;
  });
  afterAll(async () => ctx?.close());

  async function guruWithSources(name: string) {
    const course = await insertSourceCourse(ctx.app, ownerId, `${name} course`);
    const cues: [number, number, string][] = Array.from({ length: 12 }, (_, index) => [
      index * 8,
      index * 8 + 8,
      `Sentence ${index + 1} about angles and their measures in degrees.`,
    ]);
    const video = await insertCaptionedVideo(ctx.app, course.id, 'Angles', webVtt(cues));
    await insertMaterial(
      ctx.app,
      course.id,
      `${name} notes`,
      await pdfOf(['Acute angles are less than ninety degrees.', 'Obtuse angles are more than ninety.']),
    );
    await insertCourseFaq(ctx.app, course.id, 'Is a protractor needed?', 'Yes, for measuring angles.');
    const guru = await insertGuru(ctx.app, ownerId, { name });
    await linkCourse(ctx.app, guru.id, course.id, [video.id]);
    return guru;
  }

  /** Every source's passages exactly once: positions 0..n-1, as many as its index row says. */
  async function expectConsistentIndex(guruId: string) {
    const chunks = await ctx.app.db
      .select()
      .from(guruChunks)
      .where(eq(guruChunks.guruId, guruId))
      .orderBy(asc(guruChunks.sourceKey), asc(guruChunks.position));
    const sources = await ctx.app.db
      .select()
      .from(guruIndexedSources)
      .where(eq(guruIndexedSources.guruId, guruId));
    expect(sources.length).toBeGreaterThan(0);
    const bySource = new Map<string, typeof chunks>();
    for (const chunk of chunks)
      bySource.set(chunk.sourceKey, [...(bySource.get(chunk.sourceKey) ?? []), chunk]);
    expect([...bySource.keys()].sort()).toEqual(sources.map((source) => source.sourceKey).sort());
    for (const source of sources) {
      const positions = (bySource.get(source.sourceKey) ?? []).map((chunk) => chunk.position);
      expect(positions, source.sourceKey).toEqual(Array.from({ length: source.chunkCount }, (_, i) => i));
    }
    return chunks;
  }

  it('indexes each source once when two trainings start together', async () => {
    const guru = await guruWithSources('Twin');
    await Promise.all([trainGuru(ctx.app, guru.id), trainGuru(ctx.app, guru.id)]);
    const chunks = await expectConsistentIndex(guru.id);
    const row = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
    expect(row).toMatchObject({ status: 'ready', trainingProgress: 100, trainingError: null });

    // The same index a single training builds on a twin guru.
    const single = await guruWithSources('Single');
    await trainGuru(ctx.app, single.id);
    expect(chunks.length).toBe((await expectConsistentIndex(single.id)).length);
  });

  it('waits while another training holds the guru, then indexes what changed meanwhile', async () => {
    const guru = await guruWithSources('Patient');
    await trainGuru(ctx.app, guru.id);
    const holder = await ctx.database.pool.connect();
    let waiting: Promise<void> | null = null;
    try {
      await holder.query('select pg_advisory_lock(hashtext($1))', [`guru-training:${guru.id}`]);
      waiting = trainGuru(ctx.app, guru.id);
      let finished = false;
      waiting.then(() => {
        finished = true;
      });
      // A correction lands while the other training runs.
      const correction = await insertGuruFaq(
        ctx.app,
        guru.id,
        'Is a right angle acute?',
        'No, it is 90 degrees.',
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(finished).toBe(false);
      const indexed = await ctx.app.db
        .select()
        .from(guruIndexedSources)
        .where(eq(guruIndexedSources.sourceKey, `faq:${correction.id}`));
      expect(indexed).toHaveLength(0);
      await holder.query('select pg_advisory_unlock(hashtext($1))', [`guru-training:${guru.id}`]);
      await waiting;
      const chunks = await expectConsistentIndex(guru.id);
      expect(chunks.find((chunk) => chunk.sourceKey === `faq:${correction.id}`)?.text).toContain(
        'it is 90 degrees',
      );
    } finally {
      await holder.query('select pg_advisory_unlock_all()').catch(() => undefined);
      holder.release();
      await waiting;
    }
  });
});
