import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gurus } from '../../db/schema/index';
import { buildUser } from '../../test/factories';
import { buildNarratedGuru, insertGuruFaq } from '../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../test/harness';
import { prepareAnswer } from './answering';
import { trainGuru } from './training/train';

/**
 * Issue 37: a passage that shares with the question only the course's topic word ("bridge" in a course on
 * bridges, in a third of its passages or more) never answers it, also once an FAQ entry makes the question's
 * other words known to the guru; that entry answers when it holds them.
 */
const SLIDES = [
  {
    heading: 'How bridges work',
    text: 'A bridge carries a road, a railway or a path over a river or a valley. Bridges are among the oldest structures people build.',
  },
  {
    heading: 'Designing a bridge',
    text: 'Bridges are designed to carry loads safely for a hundred years at the lowest cost. Engineers choose the structure of a bridge by the span it must cover and the ground at each end.',
  },
  {
    heading: 'Beam bridges',
    text: 'A beam bridge is a rigid beam resting on a pier at each end. It is the simplest and cheapest bridge to build.',
  },
  {
    heading: 'Arch bridges',
    text: 'An arch bridge carries its load outwards along the curve of the arch to abutments at each end. Stone arch bridges can stand for centuries.',
  },
  {
    heading: 'Suspension bridges',
    text: 'A suspension bridge hangs its deck from cables slung between tall towers. It suits the longest spans.',
  },
  {
    heading: 'Bridge maintenance',
    text: 'A bridge is inspected every two years. Workers repaint the steel of a bridge to stop rust.',
  },
];

/** Toll questions: the course's slides never speak of tolls, only of bridges (and, loosely, of cost). */
const TOLL = [
  'How much toll does a car pay to cross a bridge?',
  'How much toll is paid to cross bridges?',
  'Is toll collected when crossing bridges?',
];

describe('refusing what only the course’s topic word links to a passage', () => {
  let ctx: TestContext;
  let guru: Awaited<ReturnType<typeof buildNarratedGuru>>['guru'];

  const answer = async (question: string) => {
    const prepared = await prepareAnswer(ctx.app, guru, question, []);
    let text = '';
    for await (const part of prepared.stream) text += part;
    return { ...prepared, text };
  };

  beforeAll(async () => {
    ctx = await startTestApp();
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    ({ guru } = await buildNarratedGuru(ctx.app, teacher.id, 'Bridges', [
      { title: 'Bridges', slides: SLIDES },
    ]));
  });
  afterAll(async () => ctx?.close());

  it('refuses a toll question the design slide shares only "bridge" with', async () => {
    for (const question of TOLL) {
      const prepared = await answer(question);
      expect(prepared.notCovered, `${question} → ${prepared.text}`).toBe(true);
      expect(prepared.citations, question).toEqual([]);
    }
  });

  it('still answers what a slide shares beyond the topic word, and the topic word alone', async () => {
    for (const [question, heading] of [
      ['What is a beam bridge?', 'Beam bridges'],
      ['Why are bridges designed?', 'Designing a bridge'],
      ['What does a bridge cost?', 'Designing a bridge'],
      ['Can a car cross a beam bridge?', 'Beam bridges'],
      ['When is a bridge inspected?', 'Bridge maintenance'],
    ]) {
      const prepared = await answer(question);
      expect(prepared.notCovered, question).toBe(false);
      expect(prepared.citations[0]?.heading, question).toBe(heading);
    }
    // Only the topic word asked: the course is about it.
    expect((await answer('What is a bridge?')).notCovered).toBe(false);
  });

  it('answers from a toll FAQ under another wording, never leaning on the design slide', async () => {
    await insertGuruFaq(
      ctx.app,
      guru.id,
      'What do cars pay at the toll plaza?',
      'Forty rupees for a car and a hundred for a lorry, by card or in cash.',
    );
    await trainGuru(ctx.app, guru.id);
    const retrained = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
    if (!retrained) throw new Error('guru gone');
    guru = retrained;
    for (const question of TOLL.slice(0, 2)) {
      const prepared = await answer(question);
      expect(prepared.notCovered, question).toBe(false);
      expect(prepared.text, question).toMatch(/^Forty rupees for a car/);
      expect(
        prepared.passages.map((passage) => passage.heading),
        question,
      ).toEqual(['What do cars pay at the toll plaza?']);
    }
    // The FAQ does not say it is collected, nor crossing: still refused, the design slide not leaned on.
    const collected = await answer(TOLL[2]);
    expect(collected.notCovered, collected.text).toBe(true);
  });
});
