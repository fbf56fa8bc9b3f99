import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_ORIGIN_HEADER, VISITOR_KEY_HEADER } from '../../../common/contracts/embed';
import type { AskEvent } from '../../../common/contracts/gurus';
import { GURU_MSG, SHOW_ANSWER } from '../../../common/gurus';
import type { HintLadderState } from '../../db/schema/hint-ladder-state';
import { conversationMessages, conversations, gurus } from '../../db/schema/index';
import type { Passage } from '../../providers/llm/types';
import { answerTextOf, askEventsOf } from '../../test/ask-events';
import { buildAndLogin } from '../../test/factories';
import { startFakeOpenAiChat } from '../../test/fake-openai-chat';
import { buildGeometryGuru } from '../../test/fixtures/guru-training';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import {
  answerKeys,
  asksForAnswer,
  buildHints,
  feedbackOf,
  gapSentence,
  isNewQuestion,
  judgeTry,
  sentencesOf,
} from './hint-ladder-text';

/** The hint ladder of a hints-mode guru (decision 058): its words, then through the ask routes on a trained guru. */

const SUM_QUESTION = 'What do the angles in a triangle add up to?';
const SUM_ANSWER = 'The interior angles of any triangle add up to one hundred eighty degrees.';

describe('judging a try against the course', () => {
  const keys = answerKeys(SUM_QUESTION, SUM_ANSWER, []);

  it('takes the number a how-many question asks for, in words or digits of any script', () => {
    expect(keys).toEqual(['180']);
    for (const attempt of ['180', '180 degrees', 'one hundred and eighty', 'I think it is 180', '१८०'])
      expect(judgeTry(attempt, SUM_QUESTION, SUM_ANSWER, keys).verdict, attempt).toBe('right');
    const wrong = judgeTry('ninety', SUM_QUESTION, SUM_ANSWER, keys);
    expect(wrong).toMatchObject({ verdict: 'not yet', wrong: ['ninety'] });
    expect(feedbackOf(wrong)).toBe('Not yet: “ninety” is not what the course says.');
    // Either number of the answer is its fact; a number it does not say is not.
    const three = 'The three angles of a triangle always add up to 180 degrees.';
    const both = answerKeys(SUM_QUESTION, three, []);
    expect(judgeTry('180', SUM_QUESTION, three, both).verdict).toBe('right');
    expect(judgeTry('three and 90', SUM_QUESTION, three, both)).toMatchObject({
      verdict: 'partly',
      wrong: ['90'],
    });
  });

  it('says which words are right and which part is missing', () => {
    const question = 'What is the hypotenuse?';
    const answer = 'The side opposite the right angle is called the hypotenuse. It is the longest side.';
    const found = answerKeys(question, answer, []);
    expect(found).toHaveLength(3);
    expect(judgeTry('the side opposite the right angle', question, answer, found).verdict).toBe('right');
    const partly = judgeTry('the shortest side', question, answer, found);
    expect(partly.verdict).toBe('partly');
    expect(feedbackOf(partly)).toBe(
      'Partly right: “side” is right, but “shortest” is not what the course says.',
    );
    const notYet = judgeTry('a kind of triangle', question, answer, found);
    expect(notYet.verdict).toBe('not yet');
    expect(feedbackOf(judgeTry("I don't know", question, answer, found))).toBe(
      'That’s all right, let’s take it step by step.',
    );
  });

  it('reads Hindi words (Intl.Segmenter), not only a–z', () => {
    const question = 'त्रिभुज के कोणों का योग कितना होता है?';
    const answer = 'त्रिभुज के तीनों कोणों का योग 180 डिग्री होता है।';
    const found = answerKeys(question, answer, []);
    expect(found).toEqual(['180']);
    expect(judgeTry('१८० डिग्री', question, answer, found).verdict).toBe('right');
    expect(judgeTry('नब्बे', question, answer, found).verdict).toBe('not yet');
    const words = answerKeys('प्रकाश संश्लेषण क्या है?', 'प्रकाश संश्लेषण में पौधे भोजन बनाते हैं।', []);
    expect(words).toContain('पौधे');
    expect(
      judgeTry('पौधे भोजन बनाते हैं', 'प्रकाश संश्लेषण क्या है?', 'प्रकाश संश्लेषण में पौधे भोजन बनाते हैं।', words).verdict,
    ).toBe('right');
  });

  it('blanks the fact in the gap hint and keeps slide numbers out of sentences', () => {
    expect(gapSentence(SUM_ANSWER, keys)).toBe('The interior angles of any triangle add up to ____ degrees.');
    expect(sentencesOf('2. Beam bridges rest on two piers. They are cheap। यह सस्ता है।')).toEqual([
      'Beam bridges rest on two piers.',
      'They are cheap।',
      'यह सस्ता है।',
    ]);
  });

  it('hints from the answer’s own slide first, never with another slide’s lead, and takes the topic as neither', () => {
    const slide = (chunkId: string, heading: string, text: string): Passage => ({
      chunkId,
      sourceKind: 'segment',
      title: 'Bridges',
      heading,
      text,
      courseId: null,
      videoId: null,
      materialId: null,
      startSeconds: 0,
      page: null,
      slide: 1,
      rank: 1,
    });
    const passages = [
      slide(
        'a',
        'Cable-stayed bridges',
        'In a cable-stayed bridge the cables run straight from the towers to the deck.',
      ),
      slide(
        'b',
        '6. Suspension bridges',
        '6. Suspension bridges A suspension bridge hangs its deck from cables. The main cables are anchored in huge blocks of concrete. Suspension bridges are the best choice for the longest spans.',
      ),
      slide('c', 'Beam bridges', 'A beam bridge is the cheapest bridge to build.'),
    ];
    const question = 'Which bridge type is best for a very long span?';
    const answer = 'Suspension bridges are the best choice for the longest spans.';
    const found = answerKeys(question, answer, passages);
    expect(found).toEqual(['suspens', 'choic', 'longest']);
    const hints = buildHints(question, answer, passages, found);
    expect(hints[0]).toBe('Here is a hint: The main cables are anchored in huge blocks of concrete.');
    expect(hints.join(' ')).not.toMatch(/cable-stayed|Suspension bridges \w|\b6\./);
    expect(hints).toContain('Fill in the gap: ____ bridges are the best ____ for the ____ spans.');
    expect(judgeTry('beam bridges', question, answer, found, passages)).toMatchObject({
      verdict: 'not yet',
      wrong: ['beam'],
    });
  });

  it('tells a request for the answer and a new question from a try', () => {
    for (const text of [SHOW_ANSWER, 'just tell me', 'I give up', 'what is the answer?', 'उत्तर बताओ'])
      expect(asksForAnswer(text), text).toBe(true);
    for (const text of ['180', 'the longest side', 'tell me about rays'])
      expect(asksForAnswer(text), text).toBe(false);
    expect(isNewQuestion('What is a ray?', SUM_QUESTION)).toBe(true);
    expect(isNewQuestion('Is it 180?', SUM_QUESTION)).toBe(false);
    expect(isNewQuestion('maybe ninety', SUM_QUESTION)).toBe(false);
    expect(isNewQuestion('कितने कोण होते हैं?', SUM_QUESTION)).toBe(true);
  });
});

const lines = askEventsOf;
const textOf = answerTextOf;
const doneOf = (events: AskEvent[]) => events.find((event) => event.type === 'done');
const citationsOf = (events: AskEvent[]) => {
  const event = events.find((each) => each.type === 'citations');
  return event?.type === 'citations' ? event.citations : [];
};

describe('the ladder through the ask routes', () => {
  let ctx: TestContext;
  let guruId: string;
  let teacherHeaders: Record<string, string>;
  let fake: Awaited<ReturnType<typeof startFakeOpenAiChat>>;
  let modelCtx: TestContext;
  let modelGuru: typeof gurus.$inferSelect;

  beforeAll(async () => {
    ctx = await startTestApp();
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    teacherHeaders = teacher.headers;
    const plan = await insertPlan(ctx.app, { audience: 'teacher', limits: { guruSessionsPerMonth: null } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    guruId = (await buildGeometryGuru(ctx.app, teacher.user.id, { teachingMode: 'hints' })).guru.id;

    fake = await startFakeOpenAiChat('sk-ladder');
    modelCtx = await startTestApp({
      ai: {
        llm: { baseUrl: fake.baseUrl, apiKey: 'sk-ladder', model: 'ladder-model' },
        elevenLabsApiBase: 'http://127.0.0.1:9',
        didApiBase: 'http://127.0.0.1:9',
      },
    });
    const modelTeacher = await buildAndLogin(modelCtx.app, { userType: 'teacher' });
    modelGuru = (await buildGeometryGuru(modelCtx.app, modelTeacher.user.id, { teachingMode: 'hints' })).guru;
  });
  afterAll(async () => {
    await ctx?.close();
    await modelCtx?.close();
    await fake?.close();
  });

  async function studentSession(app = ctx.app, guru = guruId) {
    const student = await buildAndLogin(app, { userType: 'student' });
    const [conversation] = await app.db
      .insert(conversations)
      .values({ guruId: guru, userId: student.user.id })
      .returning();
    const ask = async (question: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/ask`,
        headers: student.headers,
        payload: { question },
      });
      expect(response.statusCode, response.body).toBe(200);
      return lines(response.body);
    };
    const ladder = async (): Promise<HintLadderState | null> =>
      (await app.db.query.conversations.findFirst({ where: eq(conversations.id, conversation.id) }))
        ?.hintLadder ?? null;
    return { ask, ladder, conversationId: conversation.id, student };
  }

  it('gives a hint, says what is not right yet, gives the next hint, and confirms a right try', async () => {
    const { ask, ladder } = await studentSession();
    const first = await ask(SUM_QUESTION);
    const hint = textOf(first);
    expect(hint).toMatch(/^Let’s work it out together\. Here is a hint: /);
    expect(hint).not.toMatch(/one hundred eighty|180/);
    // Neither a heading nor a slide number, and no source whose quote gives the answer away.
    expect(hint).not.toMatch(/\b\d+\. [A-Z]/);
    expect(citationsOf(first)).toEqual([]);
    expect(doneOf(first)).toMatchObject({ notCovered: false, awaitingTry: true });
    expect(await ladder()).toMatchObject({ question: SUM_QUESTION, tries: 0, given: 1 });

    const wrong = await ask('ninety');
    const feedback = textOf(wrong);
    expect(feedback).toMatch(/^Not yet: “ninety” is not what the course says\. /);
    expect(feedback).not.toContain(
      hint.replace(/^Let’s work it out together\. /, '').replace(/ What.*$/, ''),
    );
    expect(feedback).not.toMatch(/one hundred eighty|180/);
    expect(feedback).toContain('Try again, or ask me to show you the answer.');
    expect(doneOf(wrong)).toMatchObject({ awaitingTry: true });
    expect(await ladder()).toMatchObject({ tries: 1, given: 2 });

    const right = await ask('180 degrees');
    expect(textOf(right)).toMatch(/^That’s right! .*one hundred eighty degrees/);
    expect(citationsOf(right).length).toBeGreaterThan(0);
    expect(doneOf(right)).toMatchObject({ awaitingTry: false });
    expect(await ladder()).toBeNull();
  });

  it('gives the answer after the third try, or at once when asked for it', async () => {
    const { ask, ladder } = await studentSession();
    await ask(SUM_QUESTION);
    expect(textOf(await ask('ninety'))).toMatch(/Here is a hint|Fill in the gap/);
    expect(textOf(await ask('I do not know'))).toMatch(/^That’s all right/);
    const third = await ask('three hundred');
    expect(textOf(third)).toMatch(
      /^Not yet: “three hundred” is not what the course says\. Here is the answer: .*one hundred eighty/,
    );
    expect(doneOf(third)).toMatchObject({ awaitingTry: false });
    expect(await ladder()).toBeNull();

    await ask('What is the hypotenuse?');
    const shown = await ask(SHOW_ANSWER);
    expect(textOf(shown)).toMatch(/^Here is the answer: .*opposite the right angle/);
    expect(citationsOf(shown).length).toBeGreaterThan(0);
    expect(await ladder()).toBeNull();
  });

  it('refuses a try sent while a step is answered, saving nothing, and frees the ladder when a step ends', async () => {
    const { ask, ladder, conversationId, student } = await studentSession();
    await ask(SUM_QUESTION);
    const guruMessages = async () =>
      (
        await ctx.app.db
          .select({ role: conversationMessages.role })
          .from(conversationMessages)
          .where(eq(conversationMessages.conversationId, conversationId))
      ).filter((message) => message.role === 'guru').length;
    const claim = async (since: string | null) =>
      ctx.app.db
        .update(conversations)
        .set({ hintStepSince: since === null ? null : sql`now() - ${since}::interval` })
        .where(eq(conversations.id, conversationId));
    const rawAsk = (question: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/ask`,
        headers: student.headers,
        payload: { question },
      });
    // The step ended with its reply saved: the ladder is free again.
    const row = async () =>
      ctx.app.db.query.conversations.findFirst({ where: eq(conversations.id, conversationId) });
    expect((await row())?.hintStepSince).toBeNull();

    // A step running (claimed a moment ago): a second try is refused before anything is saved.
    await claim('1 second');
    const refused = await rawAsk('ninety');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GURU_MSG.stillAnswering);
    const messages = await ctx.app.db
      .select({ text: conversationMessages.text })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    expect(messages.map((message) => message.text)).not.toContain('ninety');
    expect(await ladder()).toMatchObject({ tries: 0, given: 1 });

    // A claim minutes old is a crashed step's: the next try takes the ladder over.
    await claim('4 minutes');
    expect(doneOf(await ask('ninety'))).toMatchObject({ awaitingTry: true });
    expect(await ladder()).toMatchObject({ tries: 1 });
    expect((await row())?.hintStepSince).toBeNull();

    // Two tries at once: each is judged on the ladder the other left, or refused — never both on one ladder.
    const before = await guruMessages();
    const replies = await Promise.all([rawAsk('three hundred'), rawAsk('forty')]);
    const answered = replies.filter((reply) => reply.statusCode === 200).length;
    for (const reply of replies) expect([200, 409]).toContain(reply.statusCode);
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(await guruMessages()).toBe(before + answered);
    if (answered === 2) expect(await ladder()).toBeNull();
    else expect(await ladder()).toMatchObject({ tries: 2 });
  });

  it('starts a new ladder for a new question, and a direct-mode guru leaves none open', async () => {
    const { ask, ladder } = await studentSession();
    await ask(SUM_QUESTION);
    await ask('ninety');
    const next = await ask('What is the hypotenuse?');
    expect(textOf(next)).toMatch(/^Let’s work it out together\./);
    expect(await ladder()).toMatchObject({ question: 'What is the hypotenuse?', tries: 0, given: 1 });

    const offCourse = await ask('Who won the football world cup in 1998?');
    expect(doneOf(offCourse)).toMatchObject({ notCovered: true, awaitingTry: false });
    expect(await ladder()).toBeNull();

    await ask(SUM_QUESTION);
    await ctx.app.db.update(gurus).set({ teachingMode: 'direct' }).where(eq(gurus.id, guruId));
    try {
      const direct = await ask('ninety');
      expect(doneOf(direct)).toMatchObject({ awaitingTry: false });
      expect(await ladder()).toBeNull();
    } finally {
      await ctx.app.db.update(gurus).set({ teachingMode: 'hints' }).where(eq(gurus.id, guruId));
    }
  });

  it('keeps the ladder of an anonymous visitor on an embedding site across requests', async () => {
    const site = 'https://www.ladder-school.example';
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/embed/site',
      headers: teacherHeaders,
      payload: { url: site, allowAnonymous: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/embed/gurus/${guruId}/sessions`,
      headers: { [EMBED_ORIGIN_HEADER]: site },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    const { conversationId, visitorKey } = started.json() as { conversationId: string; visitorKey: string };
    const ask = async (question: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/embed/conversations/${conversationId}/ask`,
        headers: { [EMBED_ORIGIN_HEADER]: site, [VISITOR_KEY_HEADER]: visitorKey },
        payload: { question },
      });
      expect(response.statusCode, response.body).toBe(200);
      return lines(response.body);
    };
    expect(doneOf(await ask(SUM_QUESTION))).toMatchObject({ awaitingTry: true });
    expect(textOf(await ask('ninety'))).toMatch(/^Not yet/);
    expect(textOf(await ask('one hundred and eighty'))).toMatch(/^That’s right!/);
  });

  it('gives a model the step’s rules and takes its verdict off the reply', async () => {
    const { ask, ladder } = await studentSession(modelCtx.app, modelGuru.id);
    fake.setReply('What happens when you tear off the corners of a paper triangle and line them up? [2]');
    const first = await ask(SUM_QUESTION);
    expect(textOf(first)).toBe(
      'What happens when you tear off the corners of a paper triangle and line them up?',
    );
    expect(citationsOf(first)).toEqual([]);
    let system = fake.requests.at(-1)?.body.messages?.[0].content ?? '';
    expect(system).toContain('Do NOT answer it yet');
    expect(system).toContain('one hundred eighty degrees');
    expect(fake.requests.at(-1)?.body.messages?.at(-1)?.content).toBe(SUM_QUESTION);

    fake.setReply('[NOT YET] Ninety is the angle of a corner, not the sum. Think of a straight line [1].');
    const wrong = await ask('ninety');
    expect(textOf(wrong)).toBe('Ninety is the angle of a corner, not the sum. Think of a straight line.');
    expect(doneOf(wrong)).toMatchObject({ awaitingTry: true });
    system = fake.requests.at(-1)?.body.messages?.[0].content ?? '';
    expect(system).toContain(`The student is working out this question: "${SUM_QUESTION}"`);
    expect(system).toContain('try 1 of 3');
    expect(system).toContain('[RIGHT]');
    expect(await ladder()).toMatchObject({ tries: 1 });

    // The model's verdict decides, even where the local judge would not have.
    fake.setReply('[RIGHT] Yes: a straight angle, one hundred eighty degrees [1].');
    const right = await ask('a straight angle');
    expect(textOf(right)).toBe('Yes: a straight angle, one hundred eighty degrees.');
    expect(citationsOf(right).length).toBe(1);
    expect(await ladder()).toBeNull();

    // A reply without a tag: the local judge decides.
    await ask(SUM_QUESTION);
    fake.setReply('Close, but think again about a straight line.');
    expect(doneOf(await ask('ninety'))).toMatchObject({ awaitingTry: true });
    fake.setReply('Here it is: one hundred eighty degrees [1].');
    expect(textOf(await ask('just tell me'))).toBe('Here it is: one hundred eighty degrees.');
    expect(fake.requests.at(-1)?.body.messages?.[0].content).toContain('asked to be shown the answer');
    expect(await ladder()).toBeNull();
  });
});
