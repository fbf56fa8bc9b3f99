import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskEvent } from '../../../common/contracts/gurus';
import { conversationMessages, gurus } from '../../db/schema/index';
import { answerTextOf } from '../../test/ask-events';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { createGuru, setGuruSources } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { subscribeDirectly } from '../../test/quizzes';

/** The session with the real retrieval, local answerer and training (engineers A and C): end to end. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const lines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);

describe('asking a trained guru', () => {
  it('answers from its material with citations, says when the course does not cover it, and learns corrections', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const guru = await createGuru(ctx.app, teacher.headers);
    await setGuruSources(ctx.app, teacher.headers, guru.id, [course.id]);
    const faq = await ctx.app.inject({
      method: 'PUT',
      url: `/api/gurus/${guru.id}/questions/faq`,
      headers: teacher.headers,
      payload: {
        items: [
          {
            question: 'What is a linear equation?',
            answer:
              'A linear equation is an equation of degree one, such as 2x + 3 = 7, whose graph is a straight line.',
          },
        ],
      },
    });
    expect(faq.statusCode, faq.body).toBe(200);
    const trained = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/train`,
      headers: teacher.headers,
    });
    expect(trained.statusCode, trained.body).toBe(202);
    const row = await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
    expect(row?.status, row?.trainingError ?? '').toBe('ready');

    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribeDirectly(ctx.app, course.id, student.user.id);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/sessions`,
      headers: student.headers,
      payload: { courseId: course.id },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { conversationId } = started.json();
    const ask = (question: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/ask`,
        headers: student.headers,
        payload: { question },
      });

    const covered = lines((await ask('What is a linear equation?')).body);
    const citations = covered.find((event) => event.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations.length).toBeGreaterThan(0);
    expect(covered.at(-1)).toMatchObject({ type: 'done', notCovered: false });
    const text = answerTextOf(covered);
    expect(text).toMatch(/degree one/i);

    const offTopic = lines((await ask('Who painted the Mona Lisa?')).body);
    expect(offTopic.at(-1)).toMatchObject({ type: 'done', notCovered: true });

    // The teacher corrects the answer to the off-topic question; it becomes an FAQ entry the guru now uses.
    const [wrong] = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversationId),
          eq(conversationMessages.notCovered, true),
        ),
      );
    const corrected = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages/${wrong.id}/correction`,
      headers: teacher.headers,
      payload: { answer: 'Leonardo da Vinci painted the Mona Lisa, as the art history lesson explains.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const again = lines((await ask('Who painted the Mona Lisa?')).body);
    expect(again.at(-1)).toMatchObject({ type: 'done', notCovered: false });
    expect(answerTextOf(again)).toContain('Leonardo');
  });
});
