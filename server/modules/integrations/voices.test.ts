import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GURU_VOICES } from '../../../common/gurus';
import { LOCAL_VOICES, type VoiceCatalog } from '../../../common/voices';
import { integrationKeys } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { encryptSecret } from './crypto';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({
    ai: { elevenLabsApiBase: 'http://127.0.0.1:9', didApiBase: 'http://127.0.0.1:9' },
  });
});
afterAll(() => ctx.close());

async function voices(headers: Record<string, string>, query = ''): Promise<VoiceCatalog> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/voices${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/voices (the voice pickers)', () => {
  it('says the voices are local, names each engine and no premium name, when nothing is connected', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const catalog = await voices(headers);
    expect(catalog.provider).toBe('local');
    expect(catalog.voices.map((choice) => choice.voice)).toEqual([...GURU_VOICES]);
    expect(catalog.voices).toEqual(catalog.localVoices);
    expect(catalog.voices.map((choice) => choice.engine)).toEqual([
      'Flite',
      'Flite',
      'Flite',
      'Festival',
      'Festival',
      'eSpeak NG',
    ]);
    // Six different speakers, none called by an OpenAI or ElevenLabs name.
    expect(new Set(catalog.voices.map((choice) => choice.label)).size).toBe(6);
    for (const choice of catalog.voices) {
      expect(choice.label).toBe(LOCAL_VOICES[choice.voice].label);
      expect(choice.label).not.toMatch(
        /^(Alloy|Echo|Fable|Onyx|Nova|Shimmer|Sarah|George|Daniel|Brian|Jessica|Lily)$/,
      );
    }
  });

  it("offers a narration language's own local voices: six espeak-ng speakers of Hindi, never American English", async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const hindi = await voices(headers, '?language=hi');
    expect(hindi.provider).toBe('local');
    expect(hindi.voices.map((choice) => choice.label)).toEqual([
      'hi m3',
      'hi m7',
      'hi m1',
      'hi m1',
      'hi f3',
      'hi f2',
    ]);
    for (const choice of hindi.voices) {
      expect(choice.engine).toBe('eSpeak NG');
      expect(choice.traits).toMatchObject({ accent: 'hi', kind: 'formant' });
      expect(choice.description).toMatch(/^Hindi, (male|female) · formant, robotic$/);
    }
    expect(hindi.voices.filter((choice) => choice.traits?.sex === 'female')).toHaveLength(2);
    // English (or no language) keeps the English speakers; an unknown code is refused, not guessed.
    expect((await voices(headers, '?language=en')).voices.map((c) => c.label)).toEqual(
      GURU_VOICES.map((v) => LOCAL_VOICES[v].label),
    );
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/voices?language=xx', headers });
    expect(wrong.statusCode).toBe(400);
  });

  it("shows OpenAI's names when the deployment configures OpenAI speech, the fallback staying local", async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'institute' });
    ctx.app.config.ai.openAiSpeech = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', model: 'tts-1' };
    try {
      const catalog = await voices(headers);
      expect(catalog.provider).toBe('openai');
      expect(catalog.voices.map((choice) => `${choice.label} ${choice.engine}`)).toEqual([
        'Alloy OpenAI',
        'Echo OpenAI',
        'Fable OpenAI',
        'Onyx OpenAI',
        'Nova OpenAI',
        'Shimmer OpenAI',
      ]);
      expect(catalog.localVoices.map((choice) => choice.label)).toEqual(
        GURU_VOICES.map((v) => LOCAL_VOICES[v].label),
      );
    } finally {
      ctx.app.config.ai.openAiSpeech = undefined;
    }
  });

  it("shows ElevenLabs' voices to an owner who saved an ElevenLabs key, and only to them", async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await ctx.app.db.insert(integrationKeys).values({
      userId: owner.user.id,
      keyName: 'elevenLabsApiKey',
      encrypted: encryptSecret(
        ctx.config.jwtSecret,
        owner.user.id,
        'elevenLabsApiKey',
        'sk_eleven_test_1234',
      ),
      lastFour: '1234',
    });
    const catalog = await voices(owner.headers);
    expect(catalog.provider).toBe('elevenlabs');
    expect(catalog.voices.map((choice) => choice.label)).toEqual([
      'Sarah',
      'George',
      'Daniel',
      'Brian',
      'Jessica',
      'Lily',
    ]);
    expect(new Set(catalog.voices.map((choice) => choice.engine))).toEqual(new Set(['ElevenLabs']));
    expect((await voices(other.headers)).provider).toBe('local');
  });

  it('is for authors only', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/voices', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/voices' })).statusCode).toBe(401);
  });
});
