import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationView, NewReplyEvent } from '../../../common/contracts/gurus';
import { conversationMessages, guruQuestions } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { insertConversation, readyGuruWithStudent } from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { connectSocket } from '../../test/sockets';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const list = async (headers: Headers, query = '') => {
  const response = await ctx.app.inject({ url: `/api/conversations${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConversationList;
};
const unread = async (headers: Headers) =>
  (await ctx.app.inject({ url: '/api/conversations/unread', headers })).json().newChatIds as string[];
const view = (headers: Headers, id: string) => ctx.app.inject({ url: `/api/conversations/${id}`, headers });
const reply = (headers: Headers, id: string, message: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/conversations/${id}/replies`, headers, payload: { message } });

const connect = (token: string) => connectSocket(baseUrl, token, sockets);

describe('lists', () => {
  it('scopes conversations per role: own, their gurus, their teachers’ gurus, all', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Institute' });
    const inInstitute = await readyGuruWithStudent(ctx.app, {
      owner: { userType: 'teacher', instituteId: institute.user.id, fullName: 'Ira Faculty' },
      guruName: 'Physics Guru',
      studentName: 'Ravi Kumar',
    });
    const solo = await readyGuruWithStudent(ctx.app, {
      guruName: 'Chemistry Guru',
      studentName: 'Meena Iyer',
    });
    const a = await insertConversation(ctx.app, inInstitute.guru.id, inInstitute.student.user.id, {
      question: 'What is inertia?',
    });
    const b = await insertConversation(ctx.app, solo.guru.id, solo.student.user.id, {
      question: 'What is a mole?',
    });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });

    const ids = async (headers: Headers) => (await list(headers)).conversations.map((row) => row.id).sort();
    expect(await ids(inInstitute.student.headers)).toEqual([a.conversation.id]);
    expect(await ids(solo.student.headers)).toEqual([b.conversation.id]);
    expect(await ids(inInstitute.owner.headers)).toEqual([a.conversation.id]);
    expect(await ids(solo.owner.headers)).toEqual([b.conversation.id]);
    expect(await ids(institute.headers)).toEqual([a.conversation.id]);
    const all = await ids(admin.headers);
    expect(all).toEqual(expect.arrayContaining([a.conversation.id, b.conversation.id]));

    const [row] = (await list(solo.owner.headers)).conversations;
    expect(row).toMatchObject({
      guruName: 'Chemistry Guru',
      studentName: 'Meena Iyer',
      title: 'What is a mole?',
      lastMessage: 'It has degree two.',
    });

    // Someone outside both sides cannot open it either.
    expect((await view(solo.owner.headers, a.conversation.id)).statusCode).toBe(404);
    expect((await view(inInstitute.student.headers, b.conversation.id)).statusCode).toBe(404);
  });

  it('searches titles, messages, student and guru names, with wildcards taken literally, and pages', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app, {
      guruName: 'Geometry Guru',
      studentName: 'Zoya Khan',
    });
    const other = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Neel Shah' });
    const first = await insertConversation(ctx.app, guru.id, student.user.id, {
      question: 'Is 50% of a circle a semicircle?',
    });
    const second = await insertConversation(ctx.app, guru.id, other.user.id, {
      question: 'What is a triangle?',
      answer: 'A polygon with three sides.',
    });
    const found = async (search: string) =>
      (await list(owner.headers, `?search=${encodeURIComponent(search)}`)).conversations.map((row) => row.id);
    expect(await found('semicircle')).toEqual([first.conversation.id]);
    expect(await found('polygon')).toEqual([second.conversation.id]);
    expect(await found('zoya')).toEqual([first.conversation.id]);
    expect((await found('geometry')).sort()).toEqual([first.conversation.id, second.conversation.id].sort());
    expect(await found('50%')).toEqual([first.conversation.id]);
    expect(await found('%')).toEqual([first.conversation.id]);
    expect(await found('_')).toEqual([]);

    const page1 = await list(owner.headers, '?page=1&pageSize=1');
    const page2 = await list(owner.headers, '?page=2&pageSize=1');
    expect(page1.total).toBe(2);
    expect(page1.conversations).toHaveLength(1);
    expect(page2.conversations).toHaveLength(1);
    expect(page1.conversations[0].id).not.toBe(page2.conversations[0].id);
  });

  it('leaves out sessions opened without a question (made before sessions started on the first one)', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app, { guruName: 'Algebra Guru' });
    const asked = await insertConversation(ctx.app, guru.id, student.user.id, { question: 'What is x?' });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/sessions`,
      headers: student.headers,
      payload: {},
    });
    expect(empty.statusCode, empty.body).toBe(201);
    for (const headers of [owner.headers, student.headers]) {
      const shown = await list(headers);
      expect(shown.conversations.map((row) => row.id)).toEqual([asked.conversation.id]);
      expect(shown.total).toBe(1);
    }
  });

  it('refuses teachers whose plan leaves out conversations', async () => {
    const { owner } = await readyGuruWithStudent(ctx.app);
    const plan = await insertPlan(ctx.app, { modules: { conversations: 'NONE' } });
    await putOnPlan(ctx.app, owner.user.id, plan.id);
    const response = await ctx.app.inject({ url: '/api/conversations', headers: owner.headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('unread, replies and live new-reply', () => {
  it('marks unread until opened, and tells the other party live with the sender’s name', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app, {
      owner: { userType: 'teacher', fullName: 'Tara Devi Sharma' },
      studentName: 'Asha Rao',
    });
    const { conversation } = await insertConversation(ctx.app, guru.id, student.user.id);
    // The owner has not read the new conversation; the student has not opened it since either.
    expect(await unread(owner.headers)).toEqual([conversation.id]);
    expect((await list(owner.headers)).conversations[0].unread).toBe(true);
    const opened = await view(owner.headers, conversation.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ canReply: true, canCorrect: true, student: { name: 'Asha Rao' } });
    expect(await unread(owner.headers)).toEqual([]);
    await view(student.headers, conversation.id);
    expect(await unread(student.headers)).toEqual([]);

    const studentSocket = await connect(student.session.jwtToken);
    const ownerSocket = await connect(owner.session.jwtToken);
    const toStudent = new Promise<NewReplyEvent>((resolve) => studentSocket.once('new-reply', resolve));
    let ownerHeard = 0;
    ownerSocket.on('new-reply', () => {
      ownerHeard += 1;
    });

    const sent = await reply(owner.headers, conversation.id, 'Good question, see lesson 2.');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ role: 'teacher', authorName: 'Tara Devi Sharma' });
    expect(await toStudent).toEqual({
      userId: owner.user.id,
      conversationId: conversation.id,
      message: 'Good question, see lesson 2.',
      user: { firstName: 'Tara', lastName: 'Devi Sharma' },
    });
    expect(await unread(student.headers)).toEqual([conversation.id]);
    expect(await unread(owner.headers)).toEqual([]);

    const toOwner = new Promise<NewReplyEvent>((resolve) => ownerSocket.once('new-reply', resolve));
    const back = await reply(student.headers, conversation.id, 'Thank you!');
    expect(back.json()).toMatchObject({ role: 'user' });
    expect(await toOwner).toMatchObject({
      message: 'Thank you!',
      user: { firstName: 'Asha', lastName: 'Rao' },
    });
    expect(ownerHeard).toBe(1);

    const transcript = (await view(student.headers, conversation.id)).json() as ConversationView;
    expect(transcript.canCorrect).toBe(false);
    expect(transcript.messages.map((m) => m.role)).toEqual(['user', 'guru', 'teacher', 'user']);
    expect(transcript.messages[1].citations).toHaveLength(1);
    expect(await unread(student.headers)).toEqual([]);

    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect((await reply(stranger.headers, conversation.id, 'Hi')).statusCode).toBe(404);
  });
});

describe('corrections', () => {
  it('marks the answer wrong and adds the question with the right answer to the guru FAQ', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversation, answered, asked } = await insertConversation(ctx.app, guru.id, student.user.id);
    const url = `/api/conversations/${conversation.id}/messages/${answered.id}/correction`;
    const corrected = await ctx.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { answer: 'It has degree one.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ markedWrong: true, correction: 'It has degree one.' });
    const faq = await ctx.app.db
      .select()
      .from(guruQuestions)
      .where(eq(guruQuestions.sourceMessageId, answered.id));
    expect(faq).toEqual([
      expect.objectContaining({
        guruId: guru.id,
        kind: 'faq',
        question: asked.text,
        answer: 'It has degree one.',
      }),
    ]);

    // Correcting again updates the same entry.
    await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload: { answer: 'Degree one.' } });
    const again = await ctx.app.db
      .select()
      .from(guruQuestions)
      .where(eq(guruQuestions.sourceMessageId, answered.id));
    expect(again.map((row) => row.answer)).toEqual(['Degree one.']);

    // Only guru answers, only by the owner side.
    const onQuestion = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages/${asked.id}/correction`,
      headers: owner.headers,
      payload: { answer: 'x' },
    });
    expect(onQuestion.statusCode).toBe(400);
    const otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url,
      headers: otherTeacher.headers,
      payload: { answer: 'x' },
    });
    expect(refused.statusCode).toBe(404);
    const byStudent = await ctx.app.inject({
      method: 'POST',
      url,
      headers: student.headers,
      payload: { answer: 'x' },
    });
    expect(byStudent.statusCode).toBe(403);
    const [message] = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.id, answered.id));
    expect(message.correction).toBe('Degree one.');
  });
});
