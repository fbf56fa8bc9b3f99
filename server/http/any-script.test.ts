import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterCount } from '../../common/contracts/fields';
import { QUIZ_CSV_COLUMNS } from '../../common/quizzes';
import { users } from '../db/schema/index';
import { createCourse } from '../test/courses';
import { buildAndLogin, login, nextRemoteAddress, TEST_PASSWORD } from '../test/factories';
import { insertPlan, putOnPlan } from '../test/fixtures/plans';
import { createGuru } from '../test/gurus';
import { startTestApp, type TestContext } from '../test/harness';
import { multipart } from '../test/uploads';

// Issue 32 item 5: names, titles, tickets and CSV rows in any script are accepted and come back intact. The
// server keeps text as it was typed (trimmed at the ends, never normalised): a decomposed "é" stays two code
// points, a nukta written apart stays apart. Limits count characters as a reader sees them (graphemes).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;

const DEVANAGARI = 'श्रीमती क्षितिज प्रिया';
const TAMIL = 'தமிழ் இலக்கணம்';
const URDU = 'اردو زبان';
const EMOJI = '👩🏽‍🏫 📚';
/** Not in NFC: "e" + combining acute; a nukta written after its letter (NFC leaves that one apart too). */
const DECOMPOSED = 'Cafe\u0301 क\u093Cलम';
const SAMPLES = { DEVANAGARI, TAMIL, URDU, EMOJI, DECOMPOSED };
const ALL = Object.values(SAMPLES).join(' ');

/** 80 characters a reader counts, each several code units: a conjunct with its vowel sign, an emoji with its tone. */
const LONG_HINDI = 'क्षि'.repeat(80);
const LONG_EMOJI = '👩🏽‍🏫'.repeat(80);
const LONG_EXPLANATION = 'क्षि'.repeat(1500);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as never, remoteAddress: nextRemoteAddress() });

const signUp = (fullName: string, email = `script-${Math.random().toString(36).slice(2, 10)}@example.test`) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: nextRemoteAddress(),
    payload: {
      fullName,
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      userType: 'student',
      terms: true,
    },
  });

/** Signs up through the API and answers the name as stored and as the next login gives it back. */
async function nameAfterSignUp(fullName: string) {
  const email = `script-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const response = await signUp(fullName, email);
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.app.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.email, email));
  await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
  expect((await login(ctx.app, email)).userObj.fullName).toBe(row.fullName);
  return row.fullName;
}

describe('the samples', () => {
  it('are what they claim: one not in NFC, clusters of several code units', () => {
    expect(DECOMPOSED.normalize('NFC')).not.toBe(DECOMPOSED);
    expect(characterCount('श्री')).toBe(1);
    expect(characterCount('👩🏽‍🏫')).toBe(1);
    expect(characterCount(LONG_HINDI)).toBe(80);
    expect(LONG_HINDI.length).toBe(320);
    expect(characterCount(LONG_EMOJI)).toBe(80);
    expect(LONG_EMOJI.length).toBe(560);
  });
});

describe("a user's name", () => {
  it.each(Object.entries({ ...SAMPLES, ALL }))(
    '%s comes back exactly from sign-up, login and the profile',
    async (_, name) => {
      expect(await nameAfterSignUp(name)).toBe(name);
      const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
      const saved = await call('PUT', `/api/common/user-info/${user.id}`, headers, { fullName: ` ${name} ` });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().userObj.fullName).toBe(name);
      expect((await login(ctx.app, user.email)).userObj.fullName).toBe(name);
    },
  );

  it('counts the limit in characters a reader sees: 80 Hindi or emoji characters fit in 100, 101 do not', async () => {
    expect(await nameAfterSignUp(LONG_HINDI)).toBe(LONG_HINDI);
    expect(await nameAfterSignUp(LONG_EMOJI)).toBe(LONG_EMOJI);
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    const saved = await call('PUT', `/api/common/user-info/${user.id}`, headers, { fullName: LONG_EMOJI });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().userObj.fullName).toBe(LONG_EMOJI);

    for (const tooLong of ['क्षि'.repeat(101), '👩🏽‍🏫'.repeat(101), 'a'.repeat(101)]) {
      const refused = await signUp(tooLong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ fullName: 'Please use at most 100 characters' });
    }
  });

  it('stores the longest name it accepts, however little it compresses (a 400, never a 500)', async () => {
    // 100 clusters of a letter and seven different signs: 800 code units, 2,400 bytes of UTF-8 in the name index.
    const signs = [
      ...'\u0900\u0901\u0902\u0903\u093a\u093b\u093c\u093e\u093f\u0940\u0941\u0942\u0943\u0944\u0945',
    ];
    const letters = [...'कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह'];
    const cluster = (i: number) =>
      letters[i % letters.length] +
      Array.from({ length: 7 }, (_, k) => signs[(i * 7 + k * 3) % signs.length]).join('');
    const dense = Array.from({ length: 100 }, (_, i) => cluster(i)).join('');
    expect(characterCount(dense)).toBe(100);
    expect(dense.length).toBe(800);
    expect(await nameAfterSignUp(dense)).toBe(dense);
    // One more sign on each makes a text no one types: refused with the limit's message.
    const denser = Array.from({ length: 100 }, (_, i) => `${cluster(i)}\u0946`).join('');
    expect(characterCount(denser)).toBe(100);
    const refused = await signUp(denser);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ fullName: 'Please use at most 100 characters' });
  });
});

describe('a course', () => {
  it('keeps its title and description in any script, and its list finds it by a Devanagari word', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const title = `विज्ञान: प्रकाश का परावर्तन ${EMOJI}`;
    const description = `${ALL}\n${LONG_HINDI}`;
    const id = await createCourse(ctx.app, headers, { title, description, language: 'Hindi' });
    const read = await call('GET', `/api/courses/${id}`, headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ title, description });

    const other = await createCourse(ctx.app, headers, { title: `${TAMIL} ${URDU}` });
    const updated = await call('PUT', `/api/courses/${other}`, headers, {
      title: `${TAMIL} ${URDU} ${DECOMPOSED}`,
      description: LONG_EMOJI,
      category: 'Mathematics',
      level: 'Beginner',
      language: 'Tamil',
      price: 0,
      currency: 'INR',
      passingScore: 60,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('GET', `/api/courses/${other}`, headers)).json()).toMatchObject({
      title: `${TAMIL} ${URDU} ${DECOMPOSED}`,
      description: LONG_EMOJI,
    });

    for (const [word, expected] of [
      ['परावर्तन', [id]],
      ['இலக்கணம்', [other]],
      ['زبان', [other]],
      ['e\u0301 क\u093C', [other]],
    ] as const) {
      const list = await call('GET', `/api/courses?search=${encodeURIComponent(word)}`, headers);
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().rows ?? list.json().courses;
      expect(
        rows.map((row: { id: string }) => row.id),
        word,
      ).toEqual(expected);
    }
  });
});

describe('a support ticket', () => {
  it('keeps its subject, message and both sides of the conversation in any script', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: DEVANAGARI });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: URDU });
    const subject = `${DEVANAGARI} — ${EMOJI}`;
    const opened = await call('POST', '/api/support/tickets', student.headers, {
      subject,
      category: 'course',
      message: ALL,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = opened.json();
    expect(ticket.subject).toBe(subject);
    expect(ticket.messages[0].body).toBe(ALL);

    const answer = `${URDU}\n${TAMIL} ${DECOMPOSED}`;
    const replied = await call('POST', `/api/admin/support/tickets/${ticket.id}/replies`, admin.headers, {
      message: answer,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const again = await call('POST', `/api/support/tickets/${ticket.id}/replies`, student.headers, {
      message: LONG_EMOJI,
    });
    expect(again.statusCode, again.body).toBe(200);

    const read = (await call('GET', `/api/support/tickets/${ticket.id}`, student.headers)).json();
    expect(read.subject).toBe(subject);
    const replies = read.messages.filter((m: { kind: string }) => m.kind === 'reply');
    expect(replies.map((m: { body: string; authorName: string | null }) => m.body)).toEqual([
      ALL,
      answer,
      LONG_EMOJI,
    ]);
    const desk = (await call('GET', `/api/admin/support/tickets/${ticket.id}`, admin.headers)).json();
    expect(desk.requester.fullName).toBe(DEVANAGARI);
    const mine = (
      await call('GET', `/api/support/tickets?search=${encodeURIComponent('क्षितिज')}`, student.headers)
    ).json();
    expect(mine.rows.map((row: { id: string }) => row.id)).toEqual([ticket.id]);
  });
});

describe("a guru's name", () => {
  it('is kept in any script, up to 80 characters a reader counts', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const plan = await insertPlan(ctx.app, { limits: { gurus: 10 } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    for (const name of [...Object.values(SAMPLES), LONG_HINDI, LONG_EMOJI]) {
      const guru = await createGuru(ctx.app, teacher.headers, { name, subject: LONG_HINDI });
      expect(guru).toMatchObject({ name, subject: LONG_HINDI });
      const read = await call('GET', `/api/gurus/${guru.id}`, teacher.headers);
      expect(read.json().name).toBe(name);
    }
    const refused = await call('POST', '/api/gurus', teacher.headers, { name: 'क्षि'.repeat(81) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ name: 'Please use at most 80 characters' });
  });
});

describe('quiz questions imported from CSV', () => {
  it('keeps every script exactly and names a rejected Devanagari row by its line', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const courseId = await createCourse(ctx.app, headers);
    const created = await call('POST', `/api/quizzes/of-course/${courseId}`, headers, {
      title: DEVANAGARI,
      timeLimitMinutes: 0,
      attemptsAllowed: 1,
      passPercent: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const quizId = created.json().id as string;
    const csv = [
      QUIZ_CSV_COLUMNS.join(','),
      `single,"${DEVANAGARI} कौन है?",क्षितिज|प्रिया|${EMOJI},1,1,,${URDU}`,
      `multiple,${TAMIL},${TAMIL}|${URDU}|${DECOMPOSED},1|3,2,,`,
      `single,सूर्य किस दिशा में उगता है?,पूर्व|पश्चिम,,1,,`,
      `short,${URDU}?,,${URDU}|${DECOMPOSED},1,,${EMOJI}`,
      `true_false,"${EMOJI} ${DECOMPOSED}",,true,,,`,
      // 1,500 characters a reader counts, 6,000 code units: within the explanation's 5,000.
      `long,${DEVANAGARI},,,1,,${LONG_EXPLANATION}`,
    ].join('\r\n');
    const body = multipart('प्रश्न.csv', 'text/csv', Buffer.from(`\uFEFF${csv}`));
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/quizzes/${quizId}/questions/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      imported: 5,
      rejected: [{ row: 4, reason: 'options: Please mark exactly one correct option' }],
    });
    const quiz = (await call('GET', `/api/quizzes/${quizId}`, headers)).json();
    expect(quiz.title).toBe(DEVANAGARI);
    type Question = {
      prompt: string;
      options: { text: string }[];
      acceptedAnswers?: string[];
      explanation: string;
    };
    const questions = quiz.questions as Question[];
    expect(questions.map((q) => q.prompt)).toEqual([
      `${DEVANAGARI} कौन है?`,
      TAMIL,
      `${URDU}?`,
      `${EMOJI} ${DECOMPOSED}`,
      DEVANAGARI,
    ]);
    expect(questions[4].explanation).toBe(LONG_EXPLANATION);
    expect(questions[0].options.map((o) => o.text)).toEqual(['क्षितिज', 'प्रिया', EMOJI]);
    expect(questions[0].explanation).toBe(URDU);
    expect(questions[1].options.map((o) => o.text)).toEqual([TAMIL, URDU, DECOMPOSED]);
    expect(questions[2].acceptedAnswers).toEqual([URDU, DECOMPOSED]);
    expect(questions[2].explanation).toBe(EMOJI);
  });
});
