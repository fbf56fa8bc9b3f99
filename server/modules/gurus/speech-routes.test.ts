import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GURU_LIMITS, GURU_MSG } from '../../../common/gurus';
import { courseSubscriptions, guruCourses, gurus, integrationKeys } from '../../db/schema/index';
import { isMp3 } from '../../media/speech-for-the-wire';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { type FakeDid, startFakeDid } from '../../test/fake-d-id';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../test/fake-elevenlabs';
import { startTestApp, type TestContext } from '../../test/harness';
import { encryptSecret } from '../integrations/crypto';

let ctx: TestContext;
let did: FakeDid;
let elevenLabs: FakeElevenLabs;
type Login = Awaited<ReturnType<typeof buildAndLogin>>;
let owner: Login;
let student: Login;
let stranger: Login;
let guruId: string;
let didGuruId: string;

async function saveKey(userId: string, keyName: 'didApiKey' | 'elevenLabsApiKey', value: string) {
  await ctx.app.db
    .insert(integrationKeys)
    .values({
      userId,
      keyName,
      encrypted: encryptSecret(ctx.config.jwtSecret, userId, keyName, value),
      lastFour: value.slice(-4),
    })
    .onConflictDoNothing();
}

beforeAll(async () => {
  [did, elevenLabs] = await Promise.all([startFakeDid(undefined, 3), startFakeElevenLabs()]);
  ctx = await startTestApp({ ai: { elevenLabsApiBase: elevenLabs.url, didApiBase: did.url } });
  owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student' });
  stranger = await buildAndLogin(ctx.app, { userType: 'student' });
  const course = await insertCourse(ctx.app, owner.user.id);
  await ctx.app.storage.put('gurus/test/avatar.png', Buffer.from('png'), 'image/png');
  const [guru, didGuru] = await ctx.app.db
    .insert(gurus)
    .values([
      { ownerId: owner.user.id, name: 'Ada', voice: 'nova', fallbackVoice: 'echo', avatarKind: 'static' },
      {
        ownerId: owner.user.id,
        name: 'Dev',
        voice: 'onyx',
        fallbackVoice: 'alloy',
        avatarKind: 'd_id',
        avatarImagePath: 'gurus/test/avatar.png',
      },
    ])
    .returning();
  guruId = guru.id;
  didGuruId = didGuru.id;
  await ctx.app.db.insert(guruCourses).values([
    { guruId, courseId: course.id },
    { guruId: didGuruId, courseId: course.id },
  ]);
  await ctx.app.db.insert(courseSubscriptions).values({ courseId: course.id, userId: student.user.id });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([did.close(), elevenLabs.close()]);
});

const speak = (who: Login, payload: Record<string, unknown>, id = guruId) =>
  ctx.app.inject({ method: 'POST', url: `/api/gurus/${id}/speech`, headers: who.headers, payload });
const talk = (who: Login, payload: Record<string, unknown>, id = didGuruId) =>
  ctx.app.inject({ method: 'POST', url: `/api/gurus/${id}/talks`, headers: who.headers, payload });

describe('POST /api/gurus/:guruId/speech', () => {
  it('speaks for a subscribed student and the owner, in the guru voice unless one is asked for', async () => {
    const byStudent = await speak(student, { text: 'A function maps inputs to outputs.' });
    expect(byStudent.statusCode, byStudent.body).toBe(200);
    // The local voice's WAV goes out as MP3 (server/media/speech-for-the-wire.ts): slow 4G carries a tenth.
    expect(byStudent.headers['content-type']).toBe('audio/mpeg');
    expect(isMp3(byStudent.rawPayload)).toBe(true);
    expect(byStudent.rawPayload.length).toBeLessThan(20_000);
    const byOwner = await speak(owner, { text: 'A function maps inputs to outputs.' });
    expect(byOwner.rawPayload.equals(byStudent.rawPayload)).toBe(true);
    const otherVoice = await speak(owner, { text: 'A function maps inputs to outputs.', voice: 'onyx' });
    expect(isMp3(otherVoice.rawPayload)).toBe(true);
    expect(otherVoice.rawPayload.equals(byStudent.rawPayload)).toBe(false);
  });

  it('refuses a student not subscribed to its courses, an unknown guru and bad text', async () => {
    expect((await speak(stranger, { text: 'Hello.' })).statusCode).toBe(403);
    expect((await speak(owner, { text: 'Hello.' }, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).statusCode).toBe(
      404,
    );
    expect((await speak(owner, { text: '   ' })).statusCode).toBe(400);
    expect((await speak(owner, { text: 'x'.repeat(GURU_LIMITS.speechMaxChars + 1) })).statusCode).toBe(400);
    expect((await speak(owner, { text: 'Hello.', voice: 'robot' })).statusCode).toBe(400);
  });

  it("uses the owner's ElevenLabs key, and the fallback voice when ElevenLabs fails", async () => {
    await saveKey(owner.user.id, 'elevenLabsApiKey', elevenLabs.apiKey);
    const viaElevenLabs = await speak(student, { text: 'Cells divide.' });
    expect(viaElevenLabs.headers['content-type']).toBe('audio/mpeg');
    expect(viaElevenLabs.headers['x-speaker']).toBe('elevenlabs');
    expect(elevenLabs.requests.at(-1)?.text).toBe('Cells divide.');
    elevenLabs.failWith = 500;
    const fallback = await speak(student, { text: 'Cells divide.' });
    elevenLabs.failWith = null;
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('audio/mpeg');
    expect(fallback.headers['x-speaker']).toBe('flite');
    expect(isMp3(fallback.rawPayload)).toBe(true);
  });

  it('limits speech per user, so it is not a free text-to-speech service', async () => {
    const eager = await buildAndLogin(ctx.app, { userType: 'student' });
    await ctx.app.db.insert(courseSubscriptions).values({
      courseId: (await ctx.app.db.query.guruCourses.findFirst())?.courseId as string,
      userId: eager.user.id,
    });
    const budget = ctx.config.rateLimits.speech;
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i += 1) {
      // A guru that does not exist still counts: the limit is on the caller, before any work.
      statuses.push((await speak(eager, { text: 'Hi.' }, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).statusCode);
    }
    expect(statuses.slice(0, budget).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another user is not affected.
    expect((await speak(student, { text: 'Hi.' })).statusCode).toBe(200);
  });
});

describe('D-ID talks', () => {
  it("needs the owner's D-ID key", async () => {
    const response = await talk(student, { text: 'Welcome.' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(GURU_MSG.didKeyMissing);
  });

  it('creates a talk from the signed avatar URL and reports its video when done', async () => {
    await saveKey(owner.user.id, 'didApiKey', did.apiKey);
    const created = await talk(student, { text: 'Welcome to algebra.' });
    expect(created.statusCode, created.body).toBe(201);
    const { talkId } = created.json();
    const sent = did.talks.get(talkId);
    expect(sent?.input).toBe('Welcome to algebra.');
    expect(sent?.sourceUrl).toMatch(
      /^http:\/\/gurukul\.test\/api\/files\/gurus\/test\/avatar\.png\?expires=\d+&signature=/,
    );
    const poll = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/gurus/${didGuruId}/talks/${talkId}`,
        headers: student.headers,
      });
    expect((await poll()).json()).toEqual({ status: 'started', videoUrl: null });
    expect((await poll()).json()).toEqual({
      status: 'done',
      videoUrl: `https://d-id-talks.example/${talkId}.mp4`,
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/gurus/${didGuruId}/talks/tlk_unknown`,
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks credits first and refuses when the text needs more than remain', async () => {
    did.remaining = 1;
    // 60 words ≈ 26 s of speech = 2 credits.
    const long = await talk(owner, { text: 'word '.repeat(60) });
    expect(long.statusCode).toBe(402);
    expect(long.json().message).toBe(GURU_MSG.notEnoughDidCredits);
    expect(did.remaining).toBe(1);
    expect((await talk(owner, { text: 'Short and sweet.' })).statusCode).toBe(201);
    did.remaining = 0;
    expect((await talk(owner, { text: 'Short.' })).json().message).toBe(GURU_MSG.notEnoughDidCredits);
  });

  it('refuses a guru without a D-ID avatar and callers who may not talk to it', async () => {
    expect((await talk(owner, { text: 'Hi.' }, guruId)).statusCode).toBe(400);
    expect((await talk(stranger, { text: 'Hi.' })).statusCode).toBe(403);
  });
});
