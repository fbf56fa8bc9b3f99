import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorLessonNotes } from '../../../common/contracts/lesson-notes';
import { courseSubscriptions, courseVideos, lessonNotes } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { deckCues, insertDeckLesson } from '../../test/deck-lessons';
import { buildAndLogin } from '../../test/factories';
import { HINDI_SOLAR_SLIDES } from '../../test/fixtures/hindi-deck/slides';
import { WATER_CYCLE_SLIDES } from '../../test/fixtures/water-cycle-deck';
import { startTestApp, type TestContext } from '../../test/harness';
import { submitAndApprove } from '../../test/live-courses';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let otherTeacher: Session;
let student: Session;
let outsider: Session;
let admin: Session;
const ids = { course: '', lesson: '', hindiLesson: '' };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const learnerUrl = (videoId = ids.lesson) => `/api/lesson-notes/${videoId}`;
const authorUrl = (videoId = ids.lesson) => `/api/lesson-notes/${videoId}/authoring`;
const regenerateUrl = (videoId = ids.lesson) => `/api/lesson-notes/${videoId}/regenerate`;

async function authorNotes(videoId = ids.lesson): Promise<AuthorLessonNotes> {
  const response = await call('GET', authorUrl(videoId), teacher.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Changes the lesson's narration the way a re-made library lesson would. */
async function changeLessonText(extra: string) {
  const cues = deckCues(WATER_CYCLE_SLIDES).map((cue, index) =>
    index === 2 ? { ...cue, text: `${cue.text} ${extra}` } : cue,
  );
  await ctx.app.db.update(courseVideos).set({ libraryCues: cues }).where(eq(courseVideos.id, ids.lesson));
}

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Teacher' });
  otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Other Teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Sam Student' });
  outsider = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Olu Outsider' });
  admin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Ada Admin' });
  const course = await insertCourse(ctx.app, teacher.user.id, { title: 'Earth science' });
  ids.course = course.id;
  ids.lesson = (await insertDeckLesson(ctx.app, course.id, 'The water cycle', WATER_CYCLE_SLIDES)).id;
  await submitAndApprove(ctx.app, teacher.headers, admin.headers, course.id);
  await ctx.app.db.insert(courseSubscriptions).values({ courseId: course.id, userId: student.user.id });
  const hindi = await insertCourse(ctx.app, teacher.user.id, { title: 'सौर मंडल', language: 'Hindi' });
  ids.hindiLesson = (await insertDeckLesson(ctx.app, hindi.id, 'हमारा सौर मंडल', HINDI_SOLAR_SLIDES)).id;
});
afterAll(() => ctx.close());

describe('lesson notes beside the player (issue 37, item 3)', () => {
  it('gives a subscribed student the summary and the glossary, each line at its second', async () => {
    const response = await call('GET', learnerUrl(), student.headers);
    expect(response.statusCode, response.body).toBe(200);
    const notes = response.json();
    expect(notes.summary.length).toBeGreaterThanOrEqual(3);
    expect(notes.glossary.length).toBeGreaterThanOrEqual(5);
    const condensation = notes.glossary.find(
      (entry: { term: string }) => entry.term.toLowerCase() === 'condensation',
    );
    expect(condensation).toMatchObject({
      explanation: 'This change from gas to liquid is called condensation.',
    });
    expect(condensation.seconds).toBeGreaterThanOrEqual(90);
    expect(notes).not.toHaveProperty('summaryHidden');
  });

  it('refuses a student who has not subscribed, and another teacher', async () => {
    expect((await call('GET', learnerUrl(), outsider.headers)).statusCode).toBe(403);
    for (const method of ['GET', 'PUT', 'POST'] as const) {
      const url = method === 'POST' ? regenerateUrl() : authorUrl();
      expect((await call(method, url, otherTeacher.headers, { summaryHidden: true })).statusCode).toBe(403);
      expect((await call(method, url, student.headers, { summaryHidden: true })).statusCode).toBe(403);
    }
    expect(
      (await call('GET', authorUrl('6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f'), teacher.headers)).statusCode,
    ).toBe(404);
    expect((await authorNotes()).summaryHidden).toBe(false);
  });

  it('lets the teacher edit and hide; the student no longer sees what is hidden', async () => {
    const before = await authorNotes();
    expect(before).toMatchObject({
      edited: false,
      stale: false,
      summaryHidden: false,
      glossaryHidden: false,
    });
    const edited = await call('PUT', authorUrl(), teacher.headers, {
      summary: [{ text: 'Water goes round and round.', seconds: 12 }, ...before.summary.slice(0, 2)],
      glossaryHidden: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ edited: true, stale: false, glossaryHidden: true });
    expect(edited.json().summary[0]).toEqual({ text: 'Water goes round and round.', seconds: 12 });

    const seen = (await call('GET', learnerUrl(), student.headers)).json();
    expect(seen.glossary).toBeNull();
    expect(seen.summary[0].text).toBe('Water goes round and round.');
    // The teacher, in the player, still sees both and the flags.
    const own = (await call('GET', learnerUrl(), teacher.headers)).json();
    expect(own.glossary.length).toBeGreaterThan(0);
    expect(own.glossaryHidden).toBe(true);

    await call('PUT', authorUrl(), teacher.headers, { summaryHidden: true, glossaryHidden: false });
    const swapped = (await call('GET', learnerUrl(), student.headers)).json();
    expect(swapped.summary).toBeNull();
    expect(swapped.glossary.length).toBeGreaterThan(0);
    await call('PUT', authorUrl(), teacher.headers, { summaryHidden: false });
  });

  it('refuses bad edits with 400 and clear messages, and loses nothing', async () => {
    const saved = await authorNotes();
    const bodies = [
      { summary: [{ text: '', seconds: 1 }] },
      { summary: [{ text: 'x'.repeat(501), seconds: 1 }] },
      { summary: Array.from({ length: 21 }, () => ({ text: 'A sentence.', seconds: 1 })) },
      { glossary: [{ term: 'y'.repeat(81), explanation: 'Fine.', seconds: 1 }] },
      { glossary: [{ term: 'Term', explanation: 'Fine.', seconds: -3 }] },
      { glossary: Array.from({ length: 41 }, () => ({ term: 'T', explanation: 'E', seconds: null })) },
      { summaryHidden: 'yes' },
      { summary: 'not a list' },
      // A right-to-left override shows the line reversed to every student; a moment past the 300 s lesson plays
      // nothing.
      { summary: [{ text: 'Evaporation \u202Eturns water into vapour.', seconds: 1 }] },
      { glossary: [{ term: 'Cloud', explanation: 'Tiny \u0007droplets.', seconds: 1 }] },
      { summary: [{ text: 'A sentence.', seconds: 86_400 }] },
    ];
    for (const body of bodies) {
      const response = await call('PUT', authorUrl(), teacher.headers, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const tooMany = await call('PUT', authorUrl(), teacher.headers, bodies[2]);
    expect(tooMany.json().message).toContain('at most 20 sentences');
    const empty = await call('PUT', authorUrl(), teacher.headers, bodies[0]);
    expect(empty.json().message).toContain('Please fill this field');
    expect((await call('PUT', authorUrl(), teacher.headers, bodies[8])).json().message).toContain(
      'turns it around',
    );
    expect((await call('PUT', authorUrl(), teacher.headers, bodies[10])).json().message).toContain(
      '300 seconds',
    );
    // A joiner that Indian scripts need (ZWJ, ZWNJ) is kept.
    const joined = await call('PUT', authorUrl(), teacher.headers, {
      glossary: [{ term: 'क्\u200Dष', explanation: 'A conjunct written with a joiner.', seconds: 3 }],
    });
    expect(joined.statusCode).toBe(200);
    const restored = await call('PUT', authorUrl(), teacher.headers, { glossary: saved.glossary });
    expect(restored.statusCode).toBe(200);
    expect((await authorNotes()).glossary).toEqual(saved.glossary);
    expect((await authorNotes()).summary).toEqual(saved.summary);
  });

  it('says its messages in Hindi to a Hindi reader', async () => {
    const hindi = { ...teacher.headers, 'accept-language': 'hi' };
    const tooMany = await call('PUT', authorUrl(), hindi, {
      glossary: Array.from({ length: 41 }, () => ({ term: 'T', explanation: 'E', seconds: null })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('शब्दावली में अधिकतम 40 शब्द');
    const missing = await call('GET', authorUrl('6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f'), hindi);
    expect(missing.json().message).toBe('पाठ नहीं मिला');
  });

  it('keeps an edit when the lesson changes, marked stale; drafting again replaces it', async () => {
    await changeLessonText('Trees give off water vapour all day.');
    const stale = await authorNotes();
    expect(stale).toMatchObject({ edited: true, stale: true });
    expect(stale.summary[0]?.text).toBe('Water goes round and round.');

    const again = await call('POST', regenerateUrl(), teacher.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ edited: false, stale: false, glossaryHidden: false });
    expect(again.json().summary[0]?.text).not.toBe('Water goes round and round.');
  });

  it('drafts again by itself when the lesson changes and nobody edited', async () => {
    const [before] = await ctx.app.db.select().from(lessonNotes).where(eq(lessonNotes.videoId, ids.lesson));
    await changeLessonText('Groundwater that feeds a spring is called baseflow.');
    const read = await call('GET', learnerUrl(), student.headers);
    expect(read.statusCode).toBe(200);
    const [after] = await ctx.app.db.select().from(lessonNotes).where(eq(lessonNotes.videoId, ids.lesson));
    expect(after?.sourceHash).not.toBe(before?.sourceHash);
    expect(after?.edited).toBe(false);
    expect(read.json().glossary.map((entry: { term: string }) => entry.term)).toContain('Baseflow');
    expect((await authorNotes()).stale).toBe(false);
  });

  it('drafts a Hindi lesson’s notes in Hindi', async () => {
    const notes = await authorNotes(ids.hindiLesson);
    const terms = notes.glossary.map((entry) => entry.term);
    expect(terms.some((term) => term === 'स्थलीय ग्रह' || term === 'लाल ग्रह')).toBe(true);
    for (const line of notes.summary) expect(line.text).toMatch(/\p{Script=Devanagari}/u);
  });
});
