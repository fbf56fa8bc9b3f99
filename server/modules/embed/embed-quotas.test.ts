import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBED_MSG,
  EMBED_ORIGIN_HEADER,
  type EmbedSettings,
  VISITOR_KEY_HEADER,
} from '../../../common/contracts/embed';
import { GURU_MSG } from '../../../common/gurus';
import { MSG } from '../../../common/messages';
import { conversationMessages, conversations, embedSites, embedVisitorCounts } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { readyGuruWithStudent } from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { ANONYMOUS_QUESTIONS_PER_SESSION } from './quotas';

/**
 * Quotas strangers cannot drain (issue 30 item 4, docs/decisions/053-embed-quotas.md), on the real app and
 * database: anonymous sessions of an embedded guru take only the site's share of the plan, each visitor and
 * each address only a few a day, all counted atomically; a forged x-embed-origin from a program that is not a
 * browser gets what a visitor of the site gets and no more; the per-session question cap is taken before
 * asking. The day's caps are small here so the tests stay short.
 */

const SITE = 'https://www.myschool.com';
const PER_VISITOR = 3;
const PER_ADDRESS = 6;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({
    embedVisitorLimits: { perVisitorPerDay: PER_VISITOR, perAddressPerDay: PER_ADDRESS },
  });
});
afterAll(async () => ctx?.close());

type Headers = Record<string, string>;
/** What a program that is not a browser sends: the site it claims, no Origin of its own. */
const forged = (origin = SITE): Headers => ({ [EMBED_ORIGIN_HEADER]: origin });

let addressCounter = 0;
/** A documentation address (RFC 5737) not used before in this file. */
const newAddress = () => {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
};

async function embeddedGuru(options: { sessions?: number | null; share?: number; allow?: boolean } = {}) {
  const made = await readyGuruWithStudent(ctx.app);
  const plan = await insertPlan(ctx.app, { limits: { guruSessionsPerMonth: options.sessions ?? null } });
  await putOnPlan(ctx.app, made.owner.user.id, plan.id);
  const saved = await putSite(made.owner.headers, {
    url: SITE,
    allowAnonymous: options.allow ?? true,
    ...(options.share === undefined ? {} : { anonymousSharePercent: options.share }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return made;
}

const putSite = (headers: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/embed/site', headers, payload });

const start = (guruId: string, headers: Headers = forged(), remoteAddress = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/embed/gurus/${guruId}/sessions`,
    headers,
    payload: {},
    remoteAddress,
  });

const studentSession = (guruId: string, headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/gurus/${guruId}/sessions`, headers, payload: {} });

const anonymousCount = async (guruId: string) =>
  (
    await ctx.app.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.guruId, guruId), isNull(conversations.userId)))
  ).length;

const codes = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort((a, b) => a - b);

describe('the issue: anonymous sessions cannot use up the plan', () => {
  it('51 anonymous sessions with no login take at most the site’s share, from however many addresses; students keep the rest', async () => {
    // Plan: 80 sessions a month; the site's share for visitors: the default 25 % (20 sessions). The day's
    // per-address cap is out of the way here (each call a new address), so the share is what holds.
    const { guru, student } = await embeddedGuru({ sessions: 80 });
    const responses = [];
    for (let i = 0; i < 51; i += 1) responses.push(await start(guru.id, forged(), newAddress()));
    const started = responses.filter((response) => response.statusCode === 201);
    expect(started).toHaveLength(20);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: EMBED_MSG.visitorShareUsed });
    }
    expect(await anonymousCount(guru.id)).toBe(20);

    // Students still get sessions: the 60 left are theirs.
    const first = await studentSession(guru.id, student.headers);
    expect(first.statusCode, first.body).toBe(201);
    await ctx.app.db
      .insert(conversations)
      .values(Array.from({ length: 58 }, () => ({ guruId: guru.id, userId: student.user.id })));
    const last = await studentSession(guru.id, student.headers);
    expect(last.statusCode, last.body).toBe(201);
    const over = await studentSession(guru.id, student.headers);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(GURU_MSG.sessionLimit);
  });

  it('from one address the day’s per-address cap holds first, whatever visitor keys the caller sends', async () => {
    const { guru, student } = await embeddedGuru({ sessions: 80 });
    const address = newAddress();
    const responses = [];
    for (let i = 0; i < 51; i += 1) responses.push(await start(guru.id, forged(), address));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(PER_ADDRESS);
    const refused = responses.find((response) => response.statusCode !== 201);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ code: 'RATE_LIMITED', message: EMBED_MSG.visitorDailyLimit });
    expect(await anonymousCount(guru.id)).toBe(PER_ADDRESS);
    expect((await studentSession(guru.id, student.headers)).statusCode).toBe(201);
    // Another address is another visitor's: it may still start one.
    expect((await start(guru.id, forged(), newAddress())).statusCode).toBe(201);
  });

  it('once the share is used, a signed-in student of the guru still starts a session inside the frame', async () => {
    const { guru, student } = await embeddedGuru({ sessions: 8 });
    // 25 % of 8: two sessions for visitors.
    expect((await start(guru.id, forged(), newAddress())).statusCode).toBe(201);
    expect((await start(guru.id, forged(), newAddress())).statusCode).toBe(201);
    expect((await start(guru.id, forged(), newAddress())).statusCode).toBe(401);
    const signedIn = await start(guru.id, { ...student.headers, ...forged() }, newAddress());
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect(signedIn.json().visitorKey).toBeNull();
  });

  it('an anonymous session still needs a place in the whole plan', async () => {
    const { guru, student } = await embeddedGuru({ sessions: 4, share: 100 });
    await ctx.app.db
      .insert(conversations)
      .values(Array.from({ length: 4 }, () => ({ guruId: guru.id, userId: student.user.id })));
    const refused = await start(guru.id, forged(), newAddress());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GURU_MSG.sessionLimit);
  });
});

describe('the day’s caps under concurrent starts', () => {
  it('lets exactly the per-address cap through when many start at once from one address', async () => {
    const { guru } = await embeddedGuru();
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 15 }, () => start(guru.id, forged(), address)));
    expect(codes(responses)).toEqual([
      ...Array.from({ length: PER_ADDRESS }, () => 201),
      ...Array.from({ length: 15 - PER_ADDRESS }, () => 429),
    ]);
    expect(await anonymousCount(guru.id)).toBe(PER_ADDRESS);
    const [row] = await ctx.app.db
      .select()
      .from(embedVisitorCounts)
      .where(and(eq(embedVisitorCounts.kind, 'address'), eq(embedVisitorCounts.sessions, PER_ADDRESS)));
    expect(row).toBeDefined();
    // The address is kept only as a keyed hash.
    expect(row?.holder).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await ctx.app.db.select().from(embedVisitorCounts))).not.toContain(address);
  });

  it('lets exactly the share through when many start at once from many addresses', async () => {
    const { guru } = await embeddedGuru({ sessions: 20 });
    // 25 % of 20: five.
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => start(guru.id, forged(), newAddress())),
    );
    expect(codes(responses)).toEqual([
      ...Array.from({ length: 5 }, () => 201),
      ...Array.from({ length: 7 }, () => 401),
    ]);
    expect(await anonymousCount(guru.id)).toBe(5);
  });

  it('counts a visitor’s sessions by their key, which holds every session it opened', async () => {
    const { owner, guru } = await embeddedGuru();
    const addressPlaces = async () =>
      (
        await ctx.app.db
          .select()
          .from(embedVisitorCounts)
          .where(
            and(eq(embedVisitorCounts.siteOwnerId, owner.user.id), eq(embedVisitorCounts.kind, 'address')),
          )
      ).length;
    const first = await start(guru.id, forged(), newAddress());
    expect(first.statusCode).toBe(201);
    const { visitorKey } = first.json() as { visitorKey: string };
    const again = { ...forged(), [VISITOR_KEY_HEADER]: visitorKey };
    const sessions = [first.json().conversationId as string];
    // The same visitor from other addresses (a phone moving between networks) is still one visitor.
    for (let i = 1; i < PER_VISITOR; i += 1) {
      const next = await start(guru.id, again, newAddress());
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().visitorKey).toBe(visitorKey);
      sessions.push(next.json().conversationId);
    }
    const placesBefore = await addressPlaces();
    const refused = await start(guru.id, again, newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(EMBED_MSG.visitorDailyLimit);
    // The refused start took no place of its new address either: the whole start was rolled back.
    expect(await addressPlaces()).toBe(placesBefore);
    // Their one key asks in each of their sessions.
    for (const conversationId of sessions) {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: `/api/embed/conversations/${conversationId}/ask`,
        headers: again,
        payload: { question: 'What is a linear equation?' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
    }
    // A key the server could not have given is ignored: the caller gets a new one.
    const invented = await start(guru.id, { ...forged(), [VISITOR_KEY_HEADER]: 'mine' }, newAddress());
    expect(invented.statusCode).toBe(201);
    expect(invented.json().visitorKey).toMatch(/^[\w-]{43}$/);
  });
});

describe('a signed-in caller asking as a visitor', () => {
  it('is one visitor by their account, whatever keys they are given', async () => {
    const { guru } = await embeddedGuru();
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    const responses = [];
    for (let i = 0; i <= PER_VISITOR; i += 1)
      responses.push(await start(guru.id, { ...stranger.headers, ...forged() }, newAddress()));
    expect(responses.map((response) => response.statusCode)).toEqual([
      ...Array.from({ length: PER_VISITOR }, () => 201),
      429,
    ]);
    expect(responses[0]?.json().visitorKey).toMatch(/^[\w-]{43}$/);
  });
});

describe('the question cap of an anonymous session', () => {
  it('answers exactly 4 of 15 questions sent at once at 26 of 30; the rest are refused clearly', async () => {
    const { guru } = await embeddedGuru();
    const started = await start(guru.id, forged(), newAddress());
    const { conversationId, visitorKey } = started.json() as { conversationId: string; visitorKey: string };
    await ctx.app.db
      .update(conversations)
      .set({ visitorQuestions: ANONYMOUS_QUESTIONS_PER_SESSION - 4 })
      .where(eq(conversations.id, conversationId));
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/embed/conversations/${conversationId}/ask`,
          headers: { ...forged(), [VISITOR_KEY_HEADER]: visitorKey },
          payload: { question: `Question ${i + 1}?` },
        }),
      ),
    );
    expect(codes(responses)).toEqual([
      ...Array.from({ length: 4 }, () => 200),
      ...Array.from({ length: 11 }, () => 409),
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json()).toEqual({ code: 'CONFLICT', message: EMBED_MSG.sessionFull });
    const asked = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'user')),
      );
    expect(asked).toHaveLength(4);
    const [row] = await ctx.app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row.visitorQuestions).toBe(ANONYMOUS_QUESTIONS_PER_SESSION);
  });
});

describe('a forged origin gains nothing', () => {
  it('a program naming the site gets a visitor’s allowance only; forwarded addresses are not believed', async () => {
    const { guru } = await embeddedGuru();
    const address = newAddress();
    const responses = [];
    // Without TRUST_PROXY, X-Forwarded-For is the caller's own claim: every call is the one address.
    for (let i = 0; i < PER_ADDRESS + 3; i += 1)
      responses.push(await start(guru.id, { ...forged(), 'x-forwarded-for': `192.0.2.${i + 1}` }, address));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(PER_ADDRESS);
    expect(responses.at(-1)?.statusCode).toBe(429);
  });

  it('naming the site where visitors may not ask gives a sign-in request, not a session', async () => {
    const { guru } = await embeddedGuru({ allow: false });
    const refused = await start(guru.id, forged(), newAddress());
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(EMBED_MSG.signInToAsk);
    // A browser on another site cannot claim it either: its Origin is what counts.
    const elsewhere = await start(guru.id, { ...forged(), origin: 'https://elsewhere.example.com' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(EMBED_MSG.notThisSite);
    expect(await anonymousCount(guru.id)).toBe(0);
  });

  it('with TRUST_PROXY, the address the proxy saw is the one counted', async () => {
    const proxied = await startTestApp({
      trustProxy: '127.0.0.1',
      embedVisitorLimits: { perVisitorPerDay: 100, perAddressPerDay: 2 },
    });
    try {
      const made = await readyGuruWithStudent(proxied.app);
      const plan = await insertPlan(proxied.app, { limits: { guruSessionsPerMonth: null } });
      await putOnPlan(proxied.app, made.owner.user.id, plan.id);
      const saved = await proxied.app.inject({
        method: 'PUT',
        url: '/api/embed/site',
        headers: made.owner.headers,
        payload: { url: SITE, allowAnonymous: true },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const via = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: `/api/embed/gurus/${made.guru.id}/sessions`,
          headers: { ...forged(), 'x-forwarded-for': client },
          payload: {},
          remoteAddress: '127.0.0.1',
        });
      expect((await via('192.0.2.10')).statusCode).toBe(201);
      expect((await via('192.0.2.10')).statusCode).toBe(201);
      expect((await via('192.0.2.10')).statusCode).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await via('192.0.2.11')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe('the visitors’ share in /integrations', () => {
  it('is saved with the site, shown with this month’s limit, and 0 % means signed-in students only', async () => {
    const { owner, guru, student } = await embeddedGuru({ sessions: 80, share: 40 });
    const settings = (await ctx.app.inject({ url: '/api/embed/site', headers: owner.headers })).json();
    expect((settings as EmbedSettings).site?.anonymousSharePercent).toBe(40);
    expect((settings as EmbedSettings).anonymousSessionLimit).toBe(32);

    const none = await putSite(owner.headers, { url: SITE, allowAnonymous: true, anonymousSharePercent: 0 });
    expect(none.statusCode, none.body).toBe(200);
    const shown = await ctx.app.inject({ url: `/api/embed/gurus/${guru.id}`, headers: forged() });
    expect(shown.json()).toMatchObject({ allowAnonymous: false, available: true });
    const refused = await start(guru.id, forged(), newAddress());
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(EMBED_MSG.signInToAsk);
    const signedIn = await start(guru.id, { ...student.headers, ...forged() }, newAddress());
    expect(signedIn.statusCode, signedIn.body).toBe(201);

    // A text number from a form is taken; leaving it out keeps the default.
    const typed = await putSite(owner.headers, {
      url: SITE,
      allowAnonymous: true,
      anonymousSharePercent: '100',
    });
    expect(typed.json().anonymousSharePercent).toBe(100);
    const omitted = await putSite(owner.headers, { url: SITE, allowAnonymous: true });
    expect(omitted.json().anonymousSharePercent).toBe(25);
  });

  it('refuses what is not a whole percentage, with the app’s number texts in fields.anonymousSharePercent', async () => {
    const { owner } = await embeddedGuru({ share: 30 });
    const refusals: [unknown, string][] = [
      [-1, MSG.negative],
      [101, MSG.percentage],
      [12.5, MSG.decimal],
      ['', MSG.required],
      ['lots', MSG.numberRange],
      [null, MSG.required],
      [true, MSG.required],
    ];
    for (const [value, message] of refusals) {
      const refused = await putSite(owner.headers, {
        url: SITE,
        allowAnonymous: true,
        anonymousSharePercent: value,
      });
      expect(refused.statusCode, `${String(value)}: ${refused.body}`).toBe(400);
      expect(refused.json(), String(value)).toEqual({
        code: 'VALIDATION',
        message,
        fields: { anonymousSharePercent: message },
      });
    }
    const [row] = await ctx.app.db.select().from(embedSites).where(eq(embedSites.ownerId, owner.user.id));
    expect(row.anonymousSharePercent).toBe(30);
  });

  it('only the site’s owner sets it: another teacher saves their own site, a student cannot save one', async () => {
    const { owner } = await embeddedGuru({ share: 10 });
    const other = await embeddedGuru({ share: 90 });
    const [mine] = await ctx.app.db.select().from(embedSites).where(eq(embedSites.ownerId, owner.user.id));
    const [theirs] = await ctx.app.db
      .select()
      .from(embedSites)
      .where(eq(embedSites.ownerId, other.owner.user.id));
    expect([mine.anonymousSharePercent, theirs.anonymousSharePercent]).toEqual([10, 90]);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const refused = await putSite(student.headers, {
      url: SITE,
      allowAnonymous: true,
      anonymousSharePercent: 100,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await putSite({}, { url: SITE, allowAnonymous: true, anonymousSharePercent: 100 });
    expect(anonymous.statusCode).toBe(401);
    // The trial plan has no Integrations module: the share cannot be saved without it either.
    const trial = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const noModule = await putSite(trial.headers, {
      url: SITE,
      allowAnonymous: true,
      anonymousSharePercent: 50,
    });
    expect(noModule.statusCode).toBe(403);
    const [after] = await ctx.app.db.select().from(embedSites).where(eq(embedSites.ownerId, owner.user.id));
    expect(after.anonymousSharePercent).toBe(10);
  });
});
