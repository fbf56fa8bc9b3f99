import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBED_MSG,
  EMBED_ORIGIN_HEADER,
  type EmbedGuru,
  type EmbedSettings,
  type EmbedSiteView,
  type EmbedSnippet,
  VISITOR_KEY_HEADER,
} from '../../../common/contracts/embed';
import type { AskEvent, ConversationList, ConversationView } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { conversationMessages, conversations, embedSites, gurus } from '../../db/schema/index';
import hi from '../../i18n/hi/embed.json';
import { answerTextOf } from '../../test/ask-events';
import { insertCourse } from '../../test/courses';
import { type BuildUserOptions, buildAndLogin } from '../../test/factories';
import { readyGuruWithStudent } from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { createGuru, setGuruSources } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { ANONYMOUS_QUESTIONS_PER_SESSION } from './public-routes';
import { visitorKeyHash } from './sites';

/**
 * The guru on the owner's own website (docs/decisions/041-embedded-guru.md), end to end on the real app and
 * database: the site in /integrations, the snippet, the public embed API (the site judged by origin, anonymous
 * visitors by their key, every session on the owner's plan), the transcript on the owner's side, and the
 * embed page's framing headers. The web app is a tiny stand-in (no build needed): index.html and embed.js.
 */

const SITE = 'https://www.myschool.com';
const INDEX_HTML =
  '<!doctype html><html><head><title>Gurukul</title></head><body><div id="root"></div></body></html>';
const EMBED_JS = 'document.currentScript && console.log("gurukul embed");';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-embed-web-'));
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDist, 'embed.js'), EMBED_JS);
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  ctx = await startTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Headers = Record<string, string>;

/** A plan with every module (Integrations, Gurus, Conversations) and unlimited, or the limits given. */
async function fullPlan(userId: string, audience: 'teacher' | 'institute', sessions: number | null = null) {
  const plan = await insertPlan(ctx.app, { audience, limits: { guruSessionsPerMonth: sessions } });
  await putOnPlan(ctx.app, userId, plan.id);
}

/** A ready guru with a subscribed student, its owner on a plan with every module. */
async function embeddableGuru(options: { owner?: BuildUserOptions; sessions?: number | null } = {}) {
  const made = await readyGuruWithStudent(ctx.app, { owner: options.owner });
  if (!options.owner?.instituteId) await fullPlan(made.owner.user.id, 'teacher', options.sessions ?? null);
  return made;
}

const putSite = (headers: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/embed/site', headers, payload });
const getSettings = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/api/embed/site', headers });
const deleteSite = (headers: Headers) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/embed/site', headers });
const snippet = (headers: Headers, guruId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/embed/gurus/${guruId}/snippet`, headers });

async function registerSite(
  headers: Headers,
  url = SITE,
  allowAnonymous = false,
  anonymousSharePercent?: number,
) {
  const saved = await putSite(headers, { url, allowAnonymous, anonymousSharePercent });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as EmbedSiteView;
}

const embedGuru = (guruId: string, headers: Headers = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/embed/gurus/${guruId}`, headers });
const startEmbedSession = (guruId: string, headers: Headers = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/embed/gurus/${guruId}/sessions`, headers, payload: {} });
const embedAsk = (conversationId: string, question: string, headers: Headers = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/embed/conversations/${conversationId}/ask`,
    headers,
    payload: { question },
  });
const on = (origin: string): Headers => ({ [EMBED_ORIGIN_HEADER]: origin });

const events = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);

async function anonymousSession(guruId: string, origin = SITE) {
  const started = await startEmbedSession(guruId, on(origin));
  expect(started.statusCode, started.body).toBe(201);
  return started.json() as { conversationId: string; visitorKey: string };
}

describe('the application URL in /integrations', () => {
  it('refuses what is not a site address, with the spec’s three messages in fields.url', async () => {
    const { owner } = await embeddableGuru();
    const refusals: [unknown, string][] = [
      ['', EMBED_MSG.urlFirst],
      ['   ', EMBED_MSG.urlFirst],
      [undefined, EMBED_MSG.urlFirst],
      ['not a url', EMBED_MSG.invalidUrl],
      ['myschool', EMBED_MSG.invalidUrl],
      ['ftp://x.com', EMBED_MSG.invalidUrl],
      ['http://myschool.com', EMBED_MSG.invalidUrl],
      ['https://intranet', EMBED_MSG.invalidUrl],
      ['https://user:secret@myschool.com', EMBED_MSG.invalidUrl],
      ['https://myschool.com/brochure.pdf', EMBED_MSG.fileUrl],
      ['https://myschool.com/images/logo.PNG', EMBED_MSG.fileUrl],
      ['file:///C:/x.html', EMBED_MSG.fileUrl],
      ['data:text/html,<p>hi</p>', EMBED_MSG.fileUrl],
    ];
    for (const [url, message] of refusals) {
      const refused = await putSite(owner.headers, url === undefined ? {} : { url });
      expect(refused.statusCode, `${String(url)}: ${refused.body}`).toBe(400);
      expect(refused.json(), String(url)).toEqual({ code: 'VALIDATION', message, fields: { url: message } });
    }
    expect(EMBED_MSG.invalidUrl).toBe('Please enter a valid URL (e.g., https://www.myschool.com)');
    expect(EMBED_MSG.fileUrl).toBe('File URLs are not allowed (e.g. PDF, images, etc.)');
    expect((await getSettings(owner.headers)).json().site).toBeNull();
  });

  it('stores a site address with its origin; loopback addresses may use plain http', async () => {
    const { owner, guru } = await embeddableGuru();
    // An address typed without its scheme is taken as https.
    expect((await registerSite(owner.headers, 'www.myschool.com')).url).toBe('https://www.myschool.com/');
    expect(await registerSite(owner.headers, ' https://www.myschool.com/learn ', true)).toEqual({
      url: 'https://www.myschool.com/learn',
      origin: 'https://www.myschool.com',
      allowAnonymous: true,
      anonymousSharePercent: 25,
    });
    const settings = (await getSettings(owner.headers)).json() as EmbedSettings;
    expect(settings).toEqual({
      site: {
        url: 'https://www.myschool.com/learn',
        origin: SITE,
        allowAnonymous: true,
        anonymousSharePercent: 25,
      },
      instituteSite: null,
      gurus: [{ id: guru.id, name: guru.name, ready: true }],
      anonymousSessionsThisMonth: 0,
      // The plan has no monthly limit: neither has the visitors' share of it.
      anonymousSessionLimit: null,
    });

    // One site per account: saving again replaces it.
    expect(await registerSite(owner.headers, 'http://127.0.0.1:5000')).toEqual({
      url: 'http://127.0.0.1:5000/',
      origin: 'http://127.0.0.1:5000',
      allowAnonymous: false,
      anonymousSharePercent: 25,
    });
    expect((await registerSite(owner.headers, 'http://localhost:3000/app')).origin).toBe(
      'http://localhost:3000',
    );
    // https on a loopback name is a site address too (LOOPBACK hosts pass the "has a dot" rule).
    expect((await registerSite(owner.headers, 'https://localhost')).origin).toBe('https://localhost');
    // A page of the site that happens to end in .html is a page, not a file.
    expect((await registerSite(owner.headers, 'https://school.example.org/app.html')).origin).toBe(
      'https://school.example.org',
    );
    const rows = await ctx.app.db.select().from(embedSites).where(eq(embedSites.ownerId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ origin: 'https://school.example.org', allowAnonymous: false });
  });

  it('needs the Integrations module to save a site; a plan without it can still see and remove one', async () => {
    // The trial plan (the first teacher plan) does not include Integrations.
    const { headers, user } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const refused = await putSite(headers, { url: SITE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your plan does not include Integrations.',
    });
    // A site saved while the plan had the module stays visible and removable after losing it.
    await ctx.app.db
      .insert(embedSites)
      .values({ ownerId: user.id, url: `${SITE}/`, origin: SITE, allowAnonymous: false });
    const seen = await getSettings(headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().site).toEqual({
      url: `${SITE}/`,
      origin: SITE,
      allowAnonymous: false,
      anonymousSharePercent: 25,
    });
    expect((await deleteSite(headers)).statusCode).toBe(204);
    expect((await getSettings(headers)).json().site).toBeNull();
  });
});

describe('the snippet', () => {
  it('asks for the application URL first, then gives the page URL and the script', async () => {
    const { owner, guru } = await embeddableGuru();
    const early = await snippet(owner.headers, guru.id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      code: 'VALIDATION',
      message: EMBED_MSG.urlFirst,
      fields: { url: EMBED_MSG.urlFirst },
    });

    await registerSite(owner.headers);
    const answer = await snippet(owner.headers, guru.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as EmbedSnippet;
    const pageUrl = `${ctx.config.publicUrl}/embed/guru/${guru.id}`;
    expect(body.pageUrl).toBe(pageUrl);
    expect(body.iframe).toContain(`src="${pageUrl}"`);
    expect(body.iframe).toContain(`title="${guru.name}"`);
    expect(body.script).toBe(
      `<script src="${ctx.config.publicUrl}/embed.js" data-guru="${guru.id}" async></script>`,
    );
  });

  it('refuses the code on a plan without Integrations, as it refuses saving the site', async () => {
    const { owner, guru } = await embeddableGuru();
    await registerSite(owner.headers);
    const noIntegrations = await insertPlan(ctx.app, { modules: { integrations: 'NONE' } });
    await putOnPlan(ctx.app, owner.user.id, noIntegrations.id);
    const refused = await snippet(owner.headers, guru.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your plan does not include Integrations.');
    expect((await putSite(owner.headers, { url: SITE, allowAnonymous: false })).statusCode).toBe(403);
  });

  it("refuses another teacher's guru", async () => {
    const { guru } = await embeddableGuru();
    const other = await embeddableGuru();
    await registerSite(other.owner.headers);
    const refused = await snippet(other.owner.headers, guru.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot open this guru');
    expect((await snippet(other.owner.headers, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).statusCode).toBe(404);
  });

  it("gives a teacher of an institute the institute's site, which the embed API then answers for", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Institute' });
    await fullPlan(institute.user.id, 'institute');
    const { owner, guru } = await embeddableGuru({
      owner: { userType: 'teacher', instituteId: institute.user.id },
    });
    expect((await snippet(owner.headers, guru.id)).statusCode).toBe(400);
    await registerSite(institute.headers, 'https://lotus.example.edu/', true);
    const answer = await snippet(owner.headers, guru.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().pageUrl).toBe(`${ctx.config.publicUrl}/embed/guru/${guru.id}`);
    const shown = await embedGuru(guru.id, on('https://lotus.example.edu'));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: guru.id, allowAnonymous: true, available: true });
    // The teacher's settings say where their gurus go; the institute counts its teachers' anonymous sessions.
    const teacherSettings = (await getSettings(owner.headers)).json() as EmbedSettings;
    expect(teacherSettings.site).toBeNull();
    expect(teacherSettings.instituteSite?.origin).toBe('https://lotus.example.edu');
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/embed/gurus/${guru.id}/sessions`,
      headers: on('https://lotus.example.edu'),
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(((await getSettings(institute.headers)).json() as EmbedSettings).anonymousSessionsThisMonth).toBe(
      1,
    );
    // The teacher's own site, once saved, wins over the institute's.
    await registerSite(owner.headers, 'https://tara.example.com');
    expect((await embedGuru(guru.id, on('https://lotus.example.edu'))).statusCode).toBe(403);
    expect((await embedGuru(guru.id, on('https://tara.example.com'))).statusCode).toBe(200);
  });
});

describe('the public embed API: the guru', () => {
  it('answers only for the registered origin', async () => {
    const { owner, guru } = await embeddableGuru();
    // No site registered yet: no origin is answered.
    const before = await embedGuru(guru.id, on(SITE));
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ code: 'FORBIDDEN', message: EMBED_MSG.notThisSite });

    await registerSite(owner.headers, `${SITE}/learn`, true);
    const shown = await embedGuru(guru.id, on(SITE));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      id: guru.id,
      name: 'Algebra Guru',
      subject: 'Algebra',
      introductionText: 'Hello, I am your algebra guru.',
      avatarImageUrl: null,
      brandLogoUrl: null,
      demoQuestions: ['What is a linear equation?', 'How do I solve 2x = 4?'],
      allowAnonymous: true,
      available: true,
      unavailableReason: null,
    } satisfies EmbedGuru);
    // The embed page on our own origin sends its own Origin: the declared one is then what counts.
    const ours = new URL(ctx.config.publicUrl).origin;
    expect((await embedGuru(guru.id, { origin: ours, ...on(SITE) })).statusCode).toBe(200);

    for (const headers of [
      on('https://elsewhere.example.com'),
      on('http://www.myschool.com'),
      on(`${SITE}:8443`),
      {},
      // A call made by another site's page: the browser's Origin wins over whatever it declares.
      { origin: 'https://elsewhere.example.com', ...on(SITE) },
    ]) {
      const refused = await embedGuru(guru.id, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe(EMBED_MSG.notThisSite);
    }
    // Called straight from the registered site (no embed page between), its Origin is enough.
    expect((await embedGuru(guru.id, { origin: SITE })).statusCode).toBe(200);
  });

  it('says 404 for a guru that does not exist', async () => {
    const missing = await embedGuru('6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', on(SITE));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Guru not found');
    expect((await embedGuru('not-a-uuid', on(SITE))).statusCode).toBe(400);
    // Decision 070: a visitor whose browser asks for Hindi reads it in Hindi.
    const inHindi = await embedGuru('6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', {
      ...on(SITE),
      'accept-language': 'hi',
    });
    expect(inHindi.statusCode).toBe(404);
    expect(inHindi.json().message).toBe(hi['server.embed.guruNotFound']);
  });
});

describe('the public embed API: sessions', () => {
  it('asks an anonymous visitor to sign in unless the owner allows anonymous questions', async () => {
    const { owner, guru } = await embeddableGuru();
    await registerSite(owner.headers, SITE, false);
    const refused = await startEmbedSession(guru.id, on(SITE));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: EMBED_MSG.signInToAsk });
    expect(await ctx.app.db.select().from(conversations).where(eq(conversations.guruId, guru.id))).toEqual(
      [],
    );

    await registerSite(owner.headers, SITE, true);
    const session = await anonymousSession(guru.id);
    expect(session.visitorKey).toMatch(/^[\w-]{40,}$/);
    const [row] = await ctx.app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, session.conversationId));
    expect(row).toMatchObject({
      guruId: guru.id,
      userId: null,
      embedOrigin: SITE,
      visitorTokenHash: visitorKeyHash(session.visitorKey),
    });
    // Only the hash is kept.
    expect(JSON.stringify(row)).not.toContain(session.visitorKey);
    expect((await getSettings(owner.headers)).json().anonymousSessionsThisMonth).toBe(1);
    // Another site cannot start one.
    expect((await startEmbedSession(guru.id, on('https://elsewhere.example.com'))).statusCode).toBe(403);
  });

  it("counts anonymous sessions against the owner's monthly session limit", async () => {
    const { owner, guru, student } = await embeddableGuru({ sessions: 2 });
    // Visitors may use the whole plan here (the default share, 25 % of 2, would give them none).
    await registerSite(owner.headers, SITE, true, 100);
    await anonymousSession(guru.id);
    // A session in the app counts too.
    const inApp = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/sessions`,
      headers: student.headers,
      payload: {},
    });
    expect(inApp.statusCode, inApp.body).toBe(201);

    const refused = await startEmbedSession(guru.id, on(SITE));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: GURU_MSG.sessionLimit });
    const signedIn = await startEmbedSession(guru.id, { ...student.headers, ...on(SITE) });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().message).toBe(GURU_MSG.sessionLimit);
    expect((await embedGuru(guru.id, on(SITE))).json()).toMatchObject({
      available: false,
      unavailableReason: GURU_MSG.sessionLimit,
    });
    expect(
      await ctx.app.db.select().from(conversations).where(eq(conversations.guruId, guru.id)),
    ).toHaveLength(2);
  });

  it('lets a signed-in student of one of the guru’s courses start a session, refusing others', async () => {
    const { owner, guru, student } = await embeddableGuru();
    await registerSite(owner.headers, SITE, false);
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    const refused = await startEmbedSession(guru.id, { ...stranger.headers, ...on(SITE) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GURU_MSG.notSubscribed);

    const started = await startEmbedSession(guru.id, { ...student.headers, ...on(SITE) });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as { conversationId: string; visitorKey: string | null };
    expect(session.visitorKey).toBeNull();
    const [row] = await ctx.app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, session.conversationId));
    expect(row).toMatchObject({ userId: student.user.id, embedOrigin: SITE, visitorTokenHash: null });
    // A signed-in student on the wrong site is refused like anyone.
    const elsewhere = await startEmbedSession(guru.id, {
      ...student.headers,
      ...on('https://elsewhere.example.com'),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(EMBED_MSG.notThisSite);

    // Where visitors may ask, a signed-in student of another course asks as a visitor instead of being refused.
    await registerSite(owner.headers, SITE, true);
    const asVisitor = await startEmbedSession(guru.id, { ...stranger.headers, ...on(SITE) });
    expect(asVisitor.statusCode, asVisitor.body).toBe(201);
    const visitorSession = asVisitor.json() as { conversationId: string; visitorKey: string | null };
    expect(visitorSession.visitorKey).toEqual(expect.any(String));
    const [visitorRow] = await ctx.app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, visitorSession.conversationId));
    expect(visitorRow.userId).toBeNull();
  });

  it('refuses a session on a guru that is not ready', async () => {
    const { owner, guru } = await embeddableGuru();
    await registerSite(owner.headers, SITE, true);
    await ctx.app.db.update(gurus).set({ status: 'draft' }).where(eq(gurus.id, guru.id));
    expect((await embedGuru(guru.id, on(SITE))).json()).toMatchObject({
      available: false,
      unavailableReason: GURU_MSG.notReady,
    });
    const refused = await startEmbedSession(guru.id, on(SITE));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GURU_MSG.notReady);
  });
});

/** A guru trained on an FAQ entry through the real wizard and training (as session-answering.test.ts). */
async function trainedGuru() {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Teacher' });
  await fullPlan(teacher.user.id, 'teacher');
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
  return { teacher, guru };
}

describe('the public embed API: asking', () => {
  it('answers an anonymous visitor holding the key, as an NDJSON stream, and keeps the transcript', async () => {
    const { teacher, guru } = await trainedGuru();
    await registerSite(teacher.headers, SITE, true);
    const { conversationId, visitorKey } = await anonymousSession(guru.id);

    const asked = await embedAsk(conversationId, 'What is a linear equation?', {
      ...on(SITE),
      [VISITOR_KEY_HEADER]: visitorKey,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(asked.headers['content-encoding']).toBeUndefined();
    const lines = events(asked.body);
    expect(lines.at(-1)).toMatchObject({ type: 'done', notCovered: false });
    const text = answerTextOf(lines);
    expect(text).toMatch(/degree one/i);

    const stored = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.createdAt);
    expect(stored.map((message) => [message.role, message.authorId])).toEqual([
      ['user', null],
      ['guru', null],
    ]);
    expect(stored[0].text).toBe('What is a linear equation?');
    const done = lines.at(-1);
    expect(done?.type === 'done' && done.messageId).toBe(stored[1].id);
    const [conversation] = await ctx.app.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation.title).toBe('What is a linear equation?');
  });

  it('hides the session from a wrong or missing key and refuses another origin', async () => {
    const { owner, guru } = await embeddableGuru();
    await registerSite(owner.headers, SITE, true);
    const { conversationId, visitorKey } = await anonymousSession(guru.id);
    const other = await anonymousSession(guru.id);

    for (const headers of [
      on(SITE),
      { ...on(SITE), [VISITOR_KEY_HEADER]: '' },
      { ...on(SITE), [VISITOR_KEY_HEADER]: `${visitorKey}x` },
      // Another visitor's key does not open this session.
      { ...on(SITE), [VISITOR_KEY_HEADER]: other.visitorKey },
    ]) {
      const hidden = await embedAsk(conversationId, 'What is a linear equation?', headers);
      expect(hidden.statusCode, JSON.stringify(headers)).toBe(404);
      expect(hidden.json().message).toBe('Conversation not found');
    }
    const elsewhere = await embedAsk(conversationId, 'What is a linear equation?', {
      ...on('https://elsewhere.example.com'),
      [VISITOR_KEY_HEADER]: visitorKey,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(EMBED_MSG.notThisSite);
    const missing = await embedAsk('6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', 'Hi?', {
      ...on(SITE),
      [VISITOR_KEY_HEADER]: visitorKey,
    });
    expect(missing.statusCode).toBe(404);
    expect(
      await ctx.app.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversationId)),
    ).toEqual([]);

    // The right key still works (the guru has no material: it says so).
    const asked = await embedAsk(conversationId, 'What is a linear equation?', {
      ...on(SITE),
      [VISITOR_KEY_HEADER]: visitorKey,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(events(asked.body).at(-1)).toMatchObject({ type: 'done', notCovered: true });
  });

  it('lets a signed-in student ask in their own embedded session only', async () => {
    const { owner, guru, student } = await embeddableGuru();
    await registerSite(owner.headers, SITE, false);
    const started = await startEmbedSession(guru.id, { ...student.headers, ...on(SITE) });
    const { conversationId } = started.json() as { conversationId: string };
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    for (const headers of [on(SITE), { ...stranger.headers, ...on(SITE) }]) {
      expect((await embedAsk(conversationId, 'What is a linear equation?', headers)).statusCode).toBe(404);
    }
    const asked = await embedAsk(conversationId, 'What is a linear equation?', {
      ...student.headers,
      ...on(SITE),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(events(asked.body).at(-1)?.type).toBe('done');
    const [question] = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'user')),
      );
    expect(question.authorId).toBe(student.user.id);
  });

  it(`stops an anonymous session after ${ANONYMOUS_QUESTIONS_PER_SESSION} questions`, async () => {
    const { owner, guru } = await embeddableGuru();
    await registerSite(owner.headers, SITE, true);
    const { conversationId, visitorKey } = await anonymousSession(guru.id);
    const key = { ...on(SITE), [VISITOR_KEY_HEADER]: visitorKey };
    const base = Date.now() - 60_000;
    // The session's count of questions is what the cap reads (taken atomically before each question).
    await ctx.app.db
      .update(conversations)
      .set({ visitorQuestions: ANONYMOUS_QUESTIONS_PER_SESSION - 1 })
      .where(eq(conversations.id, conversationId));
    await ctx.app.db.insert(conversationMessages).values(
      Array.from({ length: ANONYMOUS_QUESTIONS_PER_SESSION - 1 }, (_, i) => ({
        conversationId,
        role: 'user',
        authorId: null,
        text: `Question ${i + 1}?`,
        createdAt: new Date(base + i * 10),
      })),
    );
    // The last allowed question.
    const last = await embedAsk(conversationId, 'One more question?', key);
    expect(last.statusCode, last.body).toBe(200);
    expect(events(last.body).at(-1)?.type).toBe('done');

    const refused = await embedAsk(conversationId, 'And another?', key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: EMBED_MSG.sessionFull });
    const asked = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'user')),
      );
    expect(asked).toHaveLength(ANONYMOUS_QUESTIONS_PER_SESSION);
    // A new session may ask again.
    const fresh = await anonymousSession(guru.id);
    const again = await embedAsk(fresh.conversationId, 'And another?', {
      ...on(SITE),
      [VISITOR_KEY_HEADER]: fresh.visitorKey,
    });
    expect(again.statusCode).toBe(200);
  });
});

describe("the owner's side of an anonymous session", () => {
  it("lists it as 'Visitor on <host>', shows it without a reply box and refuses replies", async () => {
    const { owner, guru, student } = await embeddableGuru();
    await registerSite(owner.headers, 'https://www.myschool.com:8443/learn', true);
    const { conversationId, visitorKey } = await anonymousSession(guru.id, 'https://www.myschool.com:8443');
    const asked = await embedAsk(conversationId, 'What is a linear equation?', {
      ...on('https://www.myschool.com:8443'),
      [VISITOR_KEY_HEADER]: visitorKey,
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const listed = await ctx.app.inject({ url: '/api/conversations', headers: owner.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const entry = (listed.json() as ConversationList).conversations.find((row) => row.id === conversationId);
    expect(entry).toMatchObject({
      guruId: guru.id,
      studentName: 'Visitor on www.myschool.com:8443',
      title: 'What is a linear equation?',
    });
    const search = await ctx.app.inject({
      url: '/api/conversations?search=linear',
      headers: owner.headers,
    });
    expect((search.json() as ConversationList).conversations.map((row) => row.id)).toContain(conversationId);

    const viewed = await ctx.app.inject({
      url: `/api/conversations/${conversationId}`,
      headers: owner.headers,
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    const view = viewed.json() as ConversationView;
    expect(view).toMatchObject({
      student: { id: null, name: 'Visitor on www.myschool.com:8443' },
      embedOrigin: 'https://www.myschool.com:8443',
      canReply: false,
      canCorrect: true,
    });
    expect(view.messages.map((message) => message.role)).toEqual(['user', 'guru']);

    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/replies`,
      headers: owner.headers,
      payload: { message: 'Thanks for asking!' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('This visitor asked without an account and cannot receive replies');
    const teacherMessages = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversationId),
          eq(conversationMessages.role, 'teacher'),
        ),
      );
    expect(teacherMessages).toEqual([]);

    // A signed-in student's embedded session is theirs: named after them, and the owner may reply.
    const started = await startEmbedSession(guru.id, {
      ...student.headers,
      ...on('https://www.myschool.com:8443'),
    });
    expect(started.statusCode, started.body).toBe(201);
    const signedIn = await ctx.app.inject({
      url: `/api/conversations/${started.json().conversationId}`,
      headers: owner.headers,
    });
    expect(signedIn.json()).toMatchObject({
      student: { id: student.user.id, name: 'Asha Rao' },
      embedOrigin: 'https://www.myschool.com:8443',
      canReply: true,
    });
  });
});

describe('the embed page and script', () => {
  const page = (guruId: string) => ctx.app.inject({ method: 'GET', url: `/embed/guru/${guruId}` });
  const frameAncestors = (csp: unknown) => /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('lets exactly the registered site frame the page, and nobody once the site is removed', async () => {
    const { owner, guru } = await embeddableGuru();
    const before = await page(guru.id);
    expect(before.statusCode).toBe(200);
    expect(frameAncestors(before.headers['content-security-policy'])).toBe("'none'");
    expect(before.headers['x-frame-options']).toBe('DENY');

    await registerSite(owner.headers, `${SITE}/learn`);
    const framed = await page(guru.id);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-type']).toContain('text/html');
    expect(framed.body).toBe(INDEX_HTML);
    expect(framed.headers['cache-control']).toBe('no-cache');
    expect(frameAncestors(framed.headers['content-security-policy'])).toBe(SITE);
    expect(framed.headers['content-security-policy']).toContain(`frame-ancestors ${SITE}`);
    // The rest of the policy is the app's own.
    expect(framed.headers['content-security-policy']).toContain("default-src 'self'");
    expect(framed.headers['x-frame-options']).toBeUndefined();

    expect((await deleteSite(owner.headers)).statusCode).toBe(204);
    const after = await page(guru.id);
    expect(frameAncestors(after.headers['content-security-policy'])).toBe("'none'");
    expect(after.headers['x-frame-options']).toBe('DENY');
    // The API stops answering for the site at once too.
    expect((await embedGuru(guru.id, on(SITE))).statusCode).toBe(403);
  });

  it("refuses framing for an unknown guru or an id that is not one, and other pages keep 'none'", async () => {
    for (const id of ['6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', 'not-a-guru']) {
      const response = await page(id);
      expect(response.statusCode, id).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(frameAncestors(home.headers['content-security-policy'])).toBe("'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
  });

  it('serves embed.js for other sites to load, while other files stay same-origin', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(EMBED_JS);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of ['/favicon.svg', '/', '/api/health']) {
      const other = await ctx.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(200);
      expect(other.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});
