import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import type { LtiSettingsView, RosterOutcome } from '../../../common/contracts/lti';
import { courseSubscriptions, ltiGradeLinks, users } from '../../db/schema/index';
import { buildAndLogin, nextRemoteAddress } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { QUIET_LOG_STREAM, startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import {
  formPost,
  type LaunchSpec,
  ROLE,
  startTestPlatform,
  type TestPlatform,
} from '../../test/lti/test-platform';
import { answerUrl, attemptUrl, insertQuiz, options, startAttemptViaApi } from '../../test/quizzes';
import { SCORE_SCOPE } from './grades';
import { ROSTER_SCOPE } from './rosters';

/**
 * LTI Advantage services (decision 075) against the platform written from the 1EdTech messages: its token endpoint
 * accepts only a client assertion signed with the tool's published key; its line items take scores; its course
 * rosters come in pages. A learner's launch of a placed quiz enrols them; the marked score reaches the line item,
 * without a failing LMS ever stopping the marking; the institute adds an LMS course's learners as its students.
 */
let ctx: TestContext;
let platform: TestPlatform;
let institute: { id: string; headers: Record<string, string> };
let teacher: Record<string, string>;
let admin: Record<string, string>;
const quiz = { id: '', courseId: '', questions: [] as string[] };
let autoQuiz = { id: '', courseId: '', questions: [] as string[] };
let platformId = '';

const jwks = async () => (await ctx.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json();
const quizTarget = (id: string, courseId: string) =>
  `${ctx.config.publicUrl}/preview-quiz?quizId=${id}&courseId=${courseId}`;

async function register(via: TestPlatform, name: string): Promise<string> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/lti/platforms',
    headers: institute.headers,
    payload: via.registration({ name }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

/** The whole launch as the browser carries it, and the session the /sso page gets for it. */
async function launch(
  spec: Partial<LaunchSpec> & { sub: string },
  via: TestPlatform = platform,
): Promise<{ headers: Record<string, string>; userId: string }> {
  const targetLinkUri = spec.targetLinkUri ?? `${ctx.config.publicUrl}/subscribed-courses`;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/lti/login',
    remoteAddress: nextRemoteAddress(),
    ...formPost(via.loginInitiation(targetLinkUri, `hint-${spec.sub}`)),
  });
  expect(login.statusCode, login.body).toBe(302);
  const { fields } = await via.authorize(String(login.headers.location), { targetLinkUri, ...spec });
  const posted = await ctx.app.inject({
    method: 'POST',
    url: '/api/lti/launch',
    remoteAddress: nextRemoteAddress(),
    ...formPost(fields),
  });
  const fragment = new URLSearchParams(new URL(String(posted.headers.location)).hash.slice(1));
  expect(fragment.get('error')).toBeNull();
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { ticket: fragment.get('ticket') },
    remoteAddress: nextRemoteAddress(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const session = answer.json() as SessionAnswer;
  return { headers: { authorization: `Bearer ${session.jwtToken}` }, userId: session.userObj.userId };
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, payload });

/** Takes the hand-marked quiz: the choice right (2 marks), a long answer that waits for the teacher (3 marks). */
async function submitted(learner: Record<string, string>): Promise<string> {
  const attempt = await startAttemptViaApi(ctx.app, learner, quiz.id);
  await call('PUT', answerUrl(attempt.id, quiz.questions[0]), learner, { response: { optionIds: ['o1'] } });
  await call('PUT', answerUrl(attempt.id, quiz.questions[1]), learner, { response: { text: 'The umbra.' } });
  const done = await call('POST', `${attemptUrl(attempt.id)}/submit`, learner);
  expect(done.json().status).toBe('submitted');
  return attempt.id;
}

const markLong = (attemptId: string, score: number) =>
  call('PUT', `/api/marking/attempts/${attemptId}`, teacher, {
    marks: [{ questionId: quiz.questions[1], score }],
  });

beforeAll(async () => {
  ctx = await startTestApp({ logLevel: 'warn' }, { logStream: QUIET_LOG_STREAM });
  platform = await startTestPlatform({ toolKeyset: jwks });
  const built = await buildAndLogin(ctx.app, {
    userType: 'institute',
    fullName: 'Vidya Niketan',
    plan: 'paid',
  });
  await putOnPlan(ctx.app, built.user.id, (await insertPlan(ctx.app, { audience: 'institute' })).id);
  institute = { id: built.user.id, headers: built.headers };
  platformId = await register(platform, 'School Moodle');
  teacher = (await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.id })).headers;
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;

  // The institute's paid course, with a quiz marked partly by hand and one that marks itself.
  quiz.courseId = await createCourseViaApi(ctx.app, teacher, { title: 'Light and Shadows', price: 499 });
  const handMarked = await insertQuiz(ctx.app, quiz.courseId, { title: 'Shadows quiz', passPercent: 50 }, [
    { type: 'single', options: options(['umbra', 'penumbra'], [0]), marks: 2 },
    { type: 'long', marks: 3 },
  ]);
  quiz.id = handMarked.quizId;
  quiz.questions = handMarked.questionIds;
  const selfMarked = await insertQuiz(ctx.app, quiz.courseId, { title: 'Quick check' }, [
    { type: 'single', options: options(['light', 'dark'], [0]), marks: 1 },
  ]);
  autoQuiz = { id: selfMarked.quizId, courseId: quiz.courseId, questions: selfMarked.questionIds };
  await submitAndApprove(ctx.app, teacher, admin, quiz.courseId);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await platform?.close();
});

describe('Assignment and Grade Services: a placed quiz’s score in the LMS gradebook', () => {
  it('enrols the learner, sends nothing until the attempt is marked, then the score out of the attempt’s marks', async () => {
    const lineItem = platform.addLineItem('Shadows quiz', 100);
    const { headers: learner } = await launch({
      sub: 'moodle-learner-g1',
      name: 'Meera Iyer',
      targetLinkUri: quizTarget(quiz.id, quiz.courseId),
      lineItemUrl: lineItem,
      custom: { gurukul_kind: 'quiz', gurukul_id: quiz.id },
    });
    // A paid course of the registering institute: the LMS's class is enrolled without a checkout.
    const attemptId = await submitted(learner);
    expect(platform.scoresOf(lineItem)).toEqual([]);

    const marked = await markLong(attemptId, 2);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'marked', score: 4 });
    expect(platform.scoresOf(lineItem)).toEqual([
      expect.objectContaining({
        userId: 'moodle-learner-g1',
        scoreGiven: 4,
        scoreMaximum: 5,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    ]);
    expect(platform.tokensIssued).toContainEqual([SCORE_SCOPE]);

    // Re-marking sends the new score, which the LMS keeps (its timestamp is newer).
    await markLong(attemptId, 3);
    expect(platform.scoresOf(lineItem)).toEqual([expect.objectContaining({ scoreGiven: 5 })]);
    const [link] = await ctx.app.db
      .select()
      .from(ltiGradeLinks)
      .where(eq(ltiGradeLinks.lineItemUrl, lineItem));
    expect(link).toMatchObject({ subject: 'moodle-learner-g1', quizId: quiz.id, lastError: null });
    expect(link.lastSentAt).toBeInstanceOf(Date);
  });

  it('sends a quiz that marks itself as soon as it is submitted', async () => {
    const lineItem = platform.addLineItem('Quick check', 100);
    const { headers: learner } = await launch({
      sub: 'moodle-learner-g2',
      targetLinkUri: quizTarget(autoQuiz.id, autoQuiz.courseId),
      lineItemUrl: lineItem,
    });
    const attempt = await startAttemptViaApi(ctx.app, learner, autoQuiz.id);
    await call('PUT', answerUrl(attempt.id, autoQuiz.questions[0]), learner, {
      response: { optionIds: ['o1'] },
    });
    const done = await call('POST', `${attemptUrl(attempt.id)}/submit`, learner);
    expect(done.json()).toMatchObject({ status: 'marked' });
    expect(platform.scoresOf(lineItem)).toEqual([
      expect.objectContaining({ userId: 'moodle-learner-g2', scoreGiven: 1, scoreMaximum: 1 }),
    ]);
    // A worse second attempt: the gradebook keeps the best, as Gurukul's "Best score" does.
    const second = await startAttemptViaApi(ctx.app, learner, autoQuiz.id);
    await call('PUT', answerUrl(second.id, autoQuiz.questions[0]), learner, {
      response: { optionIds: ['o2'] },
    });
    expect((await call('POST', `${attemptUrl(second.id)}/submit`, learner)).json()).toMatchObject({
      score: 0,
    });
    expect(platform.scoresOf(lineItem)).toEqual([
      expect.objectContaining({ scoreGiven: 1, scoreMaximum: 1 }),
    ]);
  });

  it('never stops the marking when the LMS is down: the failure is kept and in the developer logs, the next mark goes', async () => {
    const lineItem = platform.addLineItem('Shadows quiz, section B', 100);
    const { headers: learner } = await launch({
      sub: 'moodle-learner-g3',
      targetLinkUri: quizTarget(quiz.id, quiz.courseId),
      lineItemUrl: lineItem,
    });
    const attemptId = await submitted(learner);
    platform.failNextScores(1);
    const marked = await markLong(attemptId, 1);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'marked', score: 3 });
    expect(platform.scoresOf(lineItem)).toEqual([]);
    const [failed] = await ctx.app.db
      .select()
      .from(ltiGradeLinks)
      .where(eq(ltiGradeLinks.lineItemUrl, lineItem));
    expect(failed.lastError).toMatch(/HTTP 503/u);
    const { failures } = await ctx.app.jobs.failures({ limit: 5, offset: 0, name: 'lti-scores' });
    expect(failures[0]?.data).toEqual({ attemptId });

    await markLong(attemptId, 2);
    expect(platform.scoresOf(lineItem)).toEqual([expect.objectContaining({ scoreGiven: 4 })]);
    const [sent] = await ctx.app.db
      .select()
      .from(ltiGradeLinks)
      .where(eq(ltiGradeLinks.lineItemUrl, lineItem));
    expect(sent.lastError).toBeNull();
  });

  it('gets no token with a client assertion the LMS cannot verify with the tool’s keyset', async () => {
    const stranger = await startTestPlatform({ toolKeyset: async () => ({ keys: [] }) });
    try {
      await register(stranger, 'Moodle that lost our key');
      const lineItem = stranger.addLineItem('Shadows quiz', 100);
      const { headers: learner } = await launch(
        {
          sub: 'moodle-learner-g4',
          targetLinkUri: quizTarget(quiz.id, quiz.courseId),
          lineItemUrl: lineItem,
        },
        stranger,
      );
      const attemptId = await submitted(learner);
      expect((await markLong(attemptId, 3)).statusCode).toBe(200);
      expect(stranger.tokensIssued).toEqual([]);
      expect(stranger.scoresOf(lineItem)).toEqual([]);
      const [link] = await ctx.app.db
        .select()
        .from(ltiGradeLinks)
        .where(eq(ltiGradeLinks.lineItemUrl, lineItem));
      expect(link.lastError).toMatch(/access token refused .* HTTP 401/u);
    } finally {
      await stranger.close();
    }
  });

  it('keeps no grade link for a launch without a line item, nor for a teacher', async () => {
    const before = (await ctx.app.db.select().from(ltiGradeLinks)).length;
    await launch({ sub: 'moodle-learner-g5', targetLinkUri: quizTarget(quiz.id, quiz.courseId) });
    await launch({
      sub: 'moodle-teacher-g6',
      roles: [ROLE.instructor],
      targetLinkUri: quizTarget(quiz.id, quiz.courseId),
      lineItemUrl: platform.addLineItem('Shadows quiz', 100),
    });
    expect((await ctx.app.db.select().from(ltiGradeLinks)).length).toBe(before);
  });

  it('enrols in another teacher’s course only when it is free', async () => {
    const outsider = (await buildAndLogin(ctx.app, { userType: 'teacher' })).headers;
    const paid = await createCourseViaApi(ctx.app, outsider, { title: 'Elsewhere, paid', price: 999 });
    const free = await createCourseViaApi(ctx.app, outsider, { title: 'Elsewhere, free' });
    await submitAndApprove(ctx.app, outsider, admin, paid);
    await submitAndApprove(ctx.app, outsider, admin, free);
    const enrolled = async (sub: string, courseId: string) => {
      const { userId } = await launch({
        sub,
        targetLinkUri: `${ctx.config.publicUrl}/subscribed-courses?courseId=${courseId}`,
      });
      const rows = await ctx.app.db
        .select()
        .from(courseSubscriptions)
        .where(and(eq(courseSubscriptions.courseId, courseId), eq(courseSubscriptions.userId, userId)));
      return rows.length === 1;
    };
    expect(await enrolled('learner-paid', paid)).toBe(false);
    expect(await enrolled('learner-free', free)).toBe(true);
  });
});

describe('Names and Role Provisioning: an LMS course’s learners as the institute’s students', () => {
  const rosterUrl = (contextId: string) => `/api/lti/platforms/${platformId}/contexts/${contextId}/roster`;
  async function contextNamed(title: string) {
    const settings = (await call('GET', '/api/lti/platforms', institute.headers)).json() as LtiSettingsView;
    const found = settings.platforms
      .find((row) => row.id === platformId)
      ?.contexts.find((c) => c.title === title);
    if (!found) throw new Error(`no context ${title}`);
    return found;
  }

  it('adds the active learners once, leaves instructors to their own launch, and lands a later launch in the account it made', async () => {
    await launch({ sub: 'moodle-learner-r1' });
    const context = await contextNamed('Science, class 7');
    expect(context.rosterAvailable).toBe(true);
    platform.setRoster(
      'course-101',
      [
        { user_id: 'moodle-learner-r1', roles: [ROLE.learner], status: 'Active' },
        {
          user_id: 'moodle-learner-r2',
          roles: [ROLE.learner],
          name: 'Kavya Menon',
          email: 'kavya@gmail.com',
        },
        { user_id: 'moodle-learner-r3', roles: [ROLE.learner], status: 'Inactive', name: 'Left the class' },
        { user_id: 'moodle-teacher-r4', roles: [ROLE.instructor], name: 'Ravi Teacher' },
        { user_id: 'moodle-learner-r5', roles: ['Learner'], name: 'Arjun Das' },
      ],
      2,
    );
    const pulled = await call('POST', rosterUrl(context.id), institute.headers);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json()).toEqual({
      added: 2,
      alreadyHere: 1,
      instructors: 1,
      inactive: 1,
      refused: 0,
      noSeat: 0,
    } satisfies RosterOutcome);
    expect(platform.tokensIssued).toContainEqual([ROSTER_SCOPE]);
    const kavya = await ctx.app.db.query.users.findFirst({ where: eq(users.fullName, 'Kavya Menon') });
    // A student of the institute, whose LMS e-mail (not at a domain the institute has shown is its own) is not kept.
    expect(kavya).toMatchObject({ userType: 'student', instituteId: institute.id });
    expect(kavya?.email).toMatch(/^lti-[0-9a-f]+@127\.0\.0\.1\.invalid$/u);
    expect(
      await ctx.app.db.query.users.findFirst({ where: eq(users.fullName, 'Ravi Teacher') }),
    ).toBeUndefined();

    const again = await call('POST', rosterUrl(context.id), institute.headers);
    expect(again.json()).toMatchObject({ added: 0, alreadyHere: 3 });
    const seen = await contextNamed('Science, class 7');
    expect(seen).toMatchObject({ rosterAdded: 0 });
    expect(seen.rosterPulledAt).not.toBeNull();

    expect((await launch({ sub: 'moodle-learner-r2' })).userId).toBe(kavya?.id);
  });

  it('is the registering institute’s own, and says what to do when the LMS offered no roster', async () => {
    await launch({
      sub: 'moodle-learner-r6',
      contextId: 'no-roster',
      override: {
        'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'no-roster', title: 'Art, class 7' },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': undefined,
      },
    });
    const bare = await contextNamed('Art, class 7');
    expect(bare.rosterAvailable).toBe(false);
    const refused = await call('POST', rosterUrl(bare.id), institute.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Names and Role Provisioning/u);

    const other = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    await putOnPlan(ctx.app, other.user.id, (await insertPlan(ctx.app, { audience: 'institute' })).id);
    const context = await contextNamed('Science, class 7');
    expect((await call('POST', rosterUrl(context.id), other.headers)).statusCode).toBe(404);
  });
});
