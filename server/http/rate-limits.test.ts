import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SentenceSplitter } from '../../web/features/guru-session/sentences';
import { courseSubscriptions, guruCourses, gurus } from '../db/schema/index';
import { insertCourse } from '../test/courses';
import { authHeader, buildAndLogin, buildUser, login, nextRemoteAddress } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { rateLimitBudgets, SENTENCES_PER_LONG_ANSWER, SPOKEN_ANSWERS_PER_MINUTE } from './rate-limits';

type Login = Awaited<ReturnType<typeof buildAndLogin>>;
const NO_SUCH_GURU = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

/** A built web app in miniature: the HTML shell and one hashed chunk, as `vite build` leaves them. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-limits-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dir;
}

const get = (app: TestContext['app'], url: string, remoteAddress: string, headers = {}) =>
  app.inject({ method: 'GET', url, remoteAddress, headers });

/** Statuses of `count` calls made one after another. */
async function statuses(
  count: number,
  call: (i: number) => Promise<{ statusCode: number }>,
): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await call(i)).statusCode);
  return seen;
}

describe('with the default budgets', () => {
  let ctx: TestContext;
  let webDist: string;
  let student: Login;
  let guruId: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    ctx = await startTestApp({ rateLimits: rateLimitBudgets({}), webDist });
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    student = await buildAndLogin(ctx.app, { userType: 'student' });
    const course = await insertCourse(ctx.app, owner.user.id);
    const [guru] = await ctx.app.db
      .insert(gurus)
      .values({
        ownerId: owner.user.id,
        name: 'Ada',
        // espeak-ng, the quickest of the local voices: the long answer below is some sixty sentences spoken one
        // after another, and festival's HTS voice (nova) took over the test's two minutes on a busy CI machine.
        voice: 'shimmer',
        fallbackVoice: 'echo',
        avatarKind: 'static',
      })
      .returning();
    guruId = guru.id;
    await ctx.app.db.insert(guruCourses).values({ guruId, courseId: course.id });
    await ctx.app.db.insert(courseSubscriptions).values({ courseId: course.id, userId: student.user.id });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('lets a class of 40 behind one address open the site, log in and work within a minute', async () => {
    const school = nextRemoteAddress();
    const pupils = await Promise.all(
      Array.from({ length: 40 }, () => buildUser(ctx.app, { userType: 'student' })),
    );
    const seen = await Promise.all(
      pupils.map(async (pupil) => {
        const anonymous = await statuses(5, () => get(ctx.app, '/api/common/currency-rate', school));
        const session = await login(ctx.app, pupil.email, { remoteAddress: school });
        const headers = authHeader(session);
        const reads = await statuses(36, (i) =>
          get(ctx.app, STUDENT_READS[i % STUDENT_READS.length], school, headers),
        );
        return [...anonymous, ...reads];
      }),
    );
    const all = seen.flat();
    expect(all).toHaveLength(40 * 41);
    expect(all.filter((status) => status === 429)).toEqual([]);
    expect(new Set(all)).toEqual(new Set([200]));
  }, 120_000);

  it('speaks every sentence of a long answer, and of ten such answers within a minute', async () => {
    const splitter = new SentenceSplitter();
    const sentences = [...splitter.push(longAnswer()), ...splitter.flush()];
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences.length).toBeLessThanOrEqual(SENTENCES_PER_LONG_ANSWER);
    const speak = (text: string, id = guruId) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/gurus/${id}/speech`,
        headers: student.headers,
        payload: { text },
      });
    const spoken: number[] = [];
    for (const sentence of sentences) spoken.push((await speak(sentence)).statusCode);
    expect(spoken.filter((status) => status !== 200)).toEqual([]);
    // The other nine answers count the same way; a guru that does not exist answers fast, and counts.
    const more = await statuses(sentences.length * (SPOKEN_ANSWERS_PER_MINUTE - 1), () =>
      speak('Hi.', NO_SUCH_GURU),
    );
    expect(more.filter((status) => status === 429)).toEqual([]);
  }, 120_000);
});

// Small budgets, so a test can run through one.
const SMALL = { read: 30, anonymous: 20, certificateCheck: 5 };

describe('with small budgets', () => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    ctx = await startTestApp({ rateLimits: { ...rateLimitBudgets({}), ...SMALL }, webDist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('stops one user past the reading budget with 429 and Retry-After, not others at the same address', async () => {
    const school = nextRemoteAddress();
    const [eager, classmate] = await Promise.all([
      buildAndLogin(ctx.app, { userType: 'student' }),
      buildAndLogin(ctx.app, { userType: 'student' }),
    ]);
    const allowed = await statuses(SMALL.read, () => get(ctx.app, '/api/auth/me', school, eager.headers));
    expect(new Set(allowed)).toEqual(new Set([200]));
    const limited = await get(ctx.app, '/api/auth/me', school, eager.headers);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
    });

    expect((await get(ctx.app, '/api/auth/me', school, classmate.headers)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/common/currency-rate', school)).statusCode).toBe(200);
    // Writing has its own budget: a save still goes through while reading waits.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: eager.headers,
      remoteAddress: school,
    });
    expect(logout.statusCode).toBe(200);
  });

  it('limits anonymous calls per address', async () => {
    const [crowded, other] = [nextRemoteAddress(), nextRemoteAddress()];
    const allowed = await statuses(SMALL.anonymous, () => get(ctx.app, '/api/common/currency-rate', crowded));
    expect(new Set(allowed)).toEqual(new Set([200]));
    const limited = await get(ctx.app, '/api/common/currency-rate', crowded);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get(ctx.app, '/api/common/currency-rate', other)).statusCode).toBe(200);
    // Signing in from the crowded address gives the user their own budget.
    const user = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await get(ctx.app, '/api/common/currency-rate', crowded, user.headers)).statusCode).toBe(200);
  });

  it('holds a certificate check to its own small budget per address, apart from other reads', async () => {
    const [walker, other] = [nextRemoteAddress(), nextRemoteAddress()];
    // Unknown ids, as a script walking ids would ask: each is "not found" until the budget is spent.
    const allowed = await statuses(SMALL.certificateCheck, () =>
      get(ctx.app, '/api/certificates/verify/aaaaaaaaaaaaaaaaaaaaaaaa', walker),
    );
    expect(new Set(allowed)).toEqual(new Set([404]));
    expect((await get(ctx.app, '/api/certificates/verify/bbbbbbbbbbbbbbbbbbbbbbbb', walker)).statusCode).toBe(
      429,
    );
    expect((await get(ctx.app, '/api/common/currency-rate', walker)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/certificates/verify/aaaaaaaaaaaaaaaaaaaaaaaa', other)).statusCode).toBe(
      404,
    );
  });

  it('counts the catalog list, which never looks its asker up, against the signed-in user, not their address', async () => {
    const school = nextRemoteAddress();
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    // The address's anonymous budget spent by others behind it …
    await statuses(SMALL.anonymous, () => get(ctx.app, '/api/common/currency-rate', school));
    expect((await get(ctx.app, '/api/catalog/courses', school)).statusCode).toBe(429);
    // … the signed-in student still reads the catalog on their own budget, which it spends.
    const own = await get(ctx.app, '/api/catalog/courses', school, student.headers);
    expect(own.statusCode).toBe(200);
    expect(Number(own.headers['x-ratelimit-remaining'])).toBe(SMALL.read - 1);
    // A forged token names nobody: it is the address's, spent.
    const forged = { authorization: JSON.stringify({ jwtToken: `${student.session.jwtToken}x` }) };
    expect((await get(ctx.app, '/api/catalog/courses', school, forged)).statusCode).toBe(429);
  });

  it('keys on the verified session, never on a userId the Authorization header claims', async () => {
    const address = nextRemoteAddress();
    const [forger, victim] = await Promise.all([
      buildAndLogin(ctx.app, { userType: 'student' }),
      buildAndLogin(ctx.app, { userType: 'student' }),
    ]);
    const claimingVictim = authHeader(forger.session, { userId: victim.user.id, userType: 'admin' });
    const forged = await statuses(SMALL.read + 1, () =>
      get(ctx.app, '/api/auth/me', address, claimingVictim),
    );
    expect(forged.slice(0, SMALL.read)).toEqual(Array(SMALL.read).fill(200));
    expect(forged.at(-1)).toBe(429);
    // Anonymous calls claiming the victim count against their address, not the victim.
    const anonymousClaim = { authorization: JSON.stringify({ userId: victim.user.id, userType: 'student' }) };
    await statuses(5, () => get(ctx.app, '/api/common/currency-rate', address, anonymousClaim));

    const own = await get(ctx.app, '/api/auth/me', address, victim.headers);
    expect(own.statusCode).toBe(200);
    expect(Number(own.headers['x-ratelimit-remaining'])).toBe(SMALL.read - 1);
    // Still limited when it claims to be the victim or someone with a fresh name.
    const again = authHeader(forger.session, { userId: 'someone-else' });
    expect((await get(ctx.app, '/api/auth/me', address, again)).statusCode).toBe(429);
  });

  it('never counts static files or the web app HTML', async () => {
    const address = nextRemoteAddress();
    const files = await statuses(SMALL.anonymous * 5, () => get(ctx.app, '/assets/index-abc123.js', address));
    const pages = await statuses(SMALL.anonymous * 5, () => get(ctx.app, '/explore-course', address));
    expect(new Set([...files, ...pages])).toEqual(new Set([200]));
    const api = await get(ctx.app, '/api/common/currency-rate', address);
    expect(api.statusCode).toBe(200);
    expect(Number(api.headers['x-ratelimit-remaining'])).toBe(SMALL.anonymous - 1);
  });
});

/** Calls a student's pages make: their account and the catalog's currency. */
const STUDENT_READS = ['/api/auth/me', '/api/common/currency-rate'];

/**
 * A long answer as a chat model writes one (about the 4000 characters an answer may be): prose, a numbered
 * list of steps and short bullet points, each a sentence to speak.
 */
function longAnswer(): string {
  const prose =
    'The area of a triangle is half the product of its base and its height. ' +
    'The height must be measured at a right angle to the base, not along a slanted side. ' +
    'When the triangle is obtuse, the height falls outside the triangle, and that is fine. ';
  const steps = [
    '1. Pick any side as the base.',
    '2. Draw the perpendicular from the opposite vertex.',
    '3. Measure both lengths in the same unit.',
    '4. Multiply them and halve the result.',
  ].join('\n');
  const bullets = ['- Base: 6 cm.', '- Height: 4 cm.', '- Area: 12 square cm.'].join('\n');
  let text = 'Great question! Let us work through it step by step.\n\n';
  while (text.length < 3700) text += `${prose}\n${steps}\n${bullets}\n\n`;
  return `${text}Does that help? Try the quiz in lesson three next.`;
}
