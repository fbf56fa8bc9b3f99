import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskEvent, SessionGuru } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { conversationMessages, conversations, gurus } from '../../db/schema/index';
import { answerTextOf } from '../../test/ask-events';
import { buildAndLogin } from '../../test/factories';
import {
  CITATION,
  insertConversation,
  openQuizAttempt,
  readyGuruWithStudent,
} from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

/**
 * The answerer is engineer A's (answering.ts); here it is replaced by a scripted one so these tests check the
 * session's own rules: what is saved, streamed, refused, and that a hang-up harms nothing.
 */
const scripted = vi.hoisted(() => ({
  delayMs: 0,
  histories: [] as { role: string; text: string }[][],
}));
vi.mock('./answering', () => ({
  prepareAnswer: async (
    _app: unknown,
    _guru: unknown,
    question: string,
    history: { role: string; text: string }[],
  ) => {
    scripted.histories.push(history);
    const parts = /weather/i.test(question)
      ? ["This course doesn't cover that question."]
      : ['A linear equation ', 'has degree one. ', 'For example 2x + 3 = 7.'];
    async function* stream() {
      for (const part of parts) {
        if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
        yield part;
      }
    }
    const notCovered = /weather/i.test(question);
    return { passages: [], citations: notCovered ? [] : [CITATION], notCovered, stream: stream() };
  },
}));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const start = (headers: Headers, guruId: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/gurus/${guruId}/sessions`, headers, payload });
const ask = (headers: Headers, conversationId: string, question: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/ask`,
    headers,
    payload: { question },
  });
const events = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);

describe('who may talk to a guru', () => {
  it('lists the ready gurus of a course for its subscribers and author side, refusing others', async () => {
    const { owner, course, guru, student } = await readyGuruWithStudent(ctx.app);
    await ctx.app.db.insert(gurus).values({ ownerId: owner.user.id, name: 'Draft guru' });
    const forStudent = await ctx.app.inject({
      url: `/api/gurus/for-course/${course.id}`,
      headers: student.headers,
    });
    expect(forStudent.statusCode, forStudent.body).toBe(200);
    const listed = forStudent.json().gurus as SessionGuru[];
    expect(listed.map((g) => g.id)).toEqual([guru.id]);
    expect(listed[0]).toMatchObject({
      available: true,
      demoQuestions: ['What is a linear equation?', 'How do I solve 2x = 4?'],
    });
    const forOwner = await ctx.app.inject({
      url: `/api/gurus/for-course/${course.id}`,
      headers: owner.headers,
    });
    expect(forOwner.json().gurus).toHaveLength(1);

    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    const refused = await ctx.app.inject({
      url: `/api/gurus/for-course/${course.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(403);
    const info = await ctx.app.inject({
      url: `/api/gurus/${guru.id}/session-info`,
      headers: stranger.headers,
    });
    expect(info.statusCode).toBe(403);
    expect((await start(stranger.headers, guru.id)).statusCode).toBe(403);
  });

  it("shows the owner's brand logo on the session, and none when there is none", async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const info = async () =>
      (await ctx.app.inject({ url: `/api/gurus/${guru.id}/session-info`, headers: student.headers })).json();
    expect((await info()).brandLogoUrl).toBeNull();
    const file = multipart('logo.png', 'image/png', tinyPng());
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/common/user-info/${owner.user.id}/image?kind=brandLogo`,
      payload: file.payload,
      headers: { ...owner.headers, ...file.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = (await info()).brandLogoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/files/users/${owner.user.id}/[\\w-]+-medium\\.webp\\?`));
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
  });

  it('says a draft guru is not ready and refuses a session on it', async () => {
    const { guru, student } = await readyGuruWithStudent(ctx.app);
    await ctx.app.db.update(gurus).set({ status: 'draft' }).where(eq(gurus.id, guru.id));
    const info = await ctx.app.inject({
      url: `/api/gurus/${guru.id}/session-info`,
      headers: student.headers,
    });
    expect(info.json()).toMatchObject({ available: false, unavailableReason: GURU_MSG.notReady });
    const refused = await start(student.headers, guru.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GURU_MSG.notReady);
  });

  it('refuses to start or continue while a quiz attempt is open on a course of the guru', async () => {
    const { course, guru, student } = await readyGuruWithStudent(ctx.app);
    const opened = await start(student.headers, guru.id, { courseId: course.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const { conversationId } = opened.json();

    await openQuizAttempt(ctx.app, course.id, student.user.id);
    const info = await ctx.app.inject({
      url: `/api/gurus/${guru.id}/session-info`,
      headers: student.headers,
    });
    expect(info.json()).toMatchObject({ available: false, unavailableReason: GURU_MSG.quizInProgress });
    const refused = await start(student.headers, guru.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GURU_MSG.quizInProgress);
    const asked = await ask(student.headers, conversationId, 'What is a linear equation?');
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(GURU_MSG.quizInProgress);
    const saved = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    expect(saved).toHaveLength(0);
  });

  it('refuses a course the guru does not learn from', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const other = await readyGuruWithStudent(ctx.app);
    const response = await start(student.headers, guru.id, { courseId: other.course.id });
    expect(response.statusCode).toBe(400);
    // The owner testing their own guru starts a session too.
    expect((await start(owner.headers, guru.id)).statusCode).toBe(201);
  });
});

describe('the monthly session limit', () => {
  it("counts this month's sessions on all gurus of the owner's payer, on the owner's plan", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Institute' });
    const plan = await insertPlan(ctx.app, { audience: 'institute', limits: { guruSessionsPerMonth: 2 } });
    await putOnPlan(ctx.app, institute.user.id, plan.id);
    const first = await readyGuruWithStudent(ctx.app, {
      owner: { userType: 'teacher', instituteId: institute.user.id },
    });
    const second = await readyGuruWithStudent(ctx.app, {
      owner: { userType: 'teacher', instituteId: institute.user.id },
    });
    // Last month's session does not count.
    await insertConversation(ctx.app, first.guru.id, first.student.user.id, {
      startedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
    });
    expect((await start(first.student.headers, first.guru.id)).statusCode).toBe(201);
    expect((await start(second.student.headers, second.guru.id)).statusCode).toBe(201);

    const refused = await start(first.student.headers, first.guru.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GURU_MSG.sessionLimit);
    const info = await ctx.app.inject({
      url: `/api/gurus/${second.guru.id}/session-info`,
      headers: second.student.headers,
    });
    expect(info.json()).toMatchObject({ available: false, unavailableReason: GURU_MSG.sessionLimit });

    // Another payer's guru is not affected.
    const elsewhere = await readyGuruWithStudent(ctx.app);
    expect((await start(elsewhere.student.headers, elsewhere.guru.id)).statusCode).toBe(201);
  });

  it("refuses when the owner's plan leaves out gurus", async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const plan = await insertPlan(ctx.app, { modules: { gurus: 'NONE' } });
    await putOnPlan(ctx.app, owner.user.id, plan.id);
    expect((await start(student.headers, guru.id)).statusCode).toBe(403);
  });
});

describe('asking', () => {
  it('streams the answer as NDJSON and saves both messages with citations and the title', async () => {
    const { course, guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversationId } = (await start(student.headers, guru.id, { courseId: course.id })).json();
    const response = await ask(student.headers, conversationId, '  What is a linear equation?  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const lines = events(response.body);
    const text = answerTextOf(lines);
    expect(text).toBe('A linear equation has degree one. For example 2x + 3 = 7.');
    expect(lines.find((event) => event.type === 'citations')).toEqual({
      type: 'citations',
      citations: [CITATION],
    });
    const done = lines.at(-1);
    expect(done).toMatchObject({ type: 'done', notCovered: false });

    const saved = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.createdAt);
    expect(saved.map((m) => [m.role, m.text])).toEqual([
      ['user', 'What is a linear equation?'],
      ['guru', text],
    ]);
    expect(saved[1]).toMatchObject({ citations: [CITATION], notCovered: false });
    expect(done?.type === 'done' && done.messageId).toBe(saved[1].id);
    const [conversation] = await ctx.app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation.title).toBe('What is a linear equation?');

    // A follow-up carries the earlier turns and keeps the first title.
    scripted.histories.length = 0;
    await ask(student.headers, conversationId, 'And a quadratic one?');
    expect(scripted.histories[0]).toEqual([
      { role: 'user', text: 'What is a linear equation?' },
      { role: 'assistant', text },
    ]);
    const [after] = await ctx.app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(after.title).toBe('What is a linear equation?');
  });

  it('saves a not-covered answer as such', async () => {
    const { guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversationId } = (await start(student.headers, guru.id)).json();
    const lines = events((await ask(student.headers, conversationId, 'What is the weather today?')).body);
    expect(lines.at(-1)).toMatchObject({ type: 'done', notCovered: true });
    const [answer] = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'guru')),
      );
    expect(answer).toMatchObject({ notCovered: true, citations: [] });
    expect(answer.text).toContain("doesn't cover");
  });

  it("lets only the session's own user ask", async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversationId } = (await start(student.headers, guru.id)).json();
    expect((await ask(owner.headers, conversationId, 'Hello?')).statusCode).toBe(403);
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await ask(stranger.headers, conversationId, 'Hello?')).statusCode).toBe(404);
    expect((await ask(student.headers, conversationId, '   ')).statusCode).toBe(400);
  });

  it('survives a client that hangs up mid-answer and still saves the answer', async () => {
    const { guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversationId } = (await start(student.headers, guru.id)).json();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    scripted.delayMs = 60;
    try {
      const firstChunk = await new Promise<string>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/conversations/${conversationId}/ask`,
            headers: { ...student.headers, 'content-type': 'application/json' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve(chunk.toString());
              request.destroy();
            });
          },
        );
        request.on('error', () => {});
        request.once('error', reject);
        request.end(JSON.stringify({ question: 'What is a linear equation?' }));
      });
      expect(JSON.parse(firstChunk.split('\n')[0])).toEqual({ type: 'text', delta: 'A linear equation ' });
      await vi.waitFor(
        async () => {
          const saved = await ctx.app.db
            .select()
            .from(conversationMessages)
            .where(
              and(
                eq(conversationMessages.conversationId, conversationId),
                eq(conversationMessages.role, 'guru'),
              ),
            );
          expect(saved).toHaveLength(1);
        },
        { timeout: 3000, interval: 50 },
      );
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      scripted.delayMs = 0;
    }
  });
});
