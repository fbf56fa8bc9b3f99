import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKeys } from '../../db/schema/index';
import { encryptSecret } from '../../modules/integrations/crypto';
import { speakingAs } from '../../modules/integrations/service';
import { buildUser } from '../../test/factories';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../test/fake-elevenlabs';
import { type FakeOpenAiSpeech, startFakeOpenAiSpeech } from '../../test/fake-openai-speech';
import { startTestApp, type TestContext } from '../../test/harness';
import { isWave } from './espeak';
import { localSpeaker } from './local-voices';
import { speakerFor, synthesizeWithFallback } from './speaker-for';

let ctx: TestContext;
let openAi: FakeOpenAiSpeech;
let elevenLabs: FakeElevenLabs;
beforeAll(async () => {
  [openAi, elevenLabs] = await Promise.all([startFakeOpenAiSpeech(), startFakeElevenLabs()]);
  ctx = await startTestApp({ ai: { elevenLabsApiBase: elevenLabs.url, didApiBase: 'http://127.0.0.1:9' } });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([openAi.close(), elevenLabs.close()]);
});

const openAiSettings = () => ({ baseUrl: `${openAi.url}/v1`, apiKey: openAi.apiKey, model: 'tts-1' });

describe('choosing the speaker', () => {
  it('is the local voices by default, OpenAI when configured, ElevenLabs when the owner saved a key', async () => {
    const owner = await buildUser(ctx.app, { userType: 'teacher' });
    const guru = { ownerId: owner.id, voice: 'nova', fallbackVoice: 'echo' };
    const speakerOf = async () => speakerFor(ctx.app, (await speakingAs(ctx.app, guru)).elevenLabsKey);
    expect((await speakerOf()).name).toBe('local');
    ctx.app.config.ai.openAiSpeech = openAiSettings();
    expect((await speakerOf()).name).toBe('openai');
    await ctx.app.db.insert(integrationKeys).values({
      userId: owner.id,
      keyName: 'elevenLabsApiKey',
      encrypted: encryptSecret(ctx.config.jwtSecret, owner.id, 'elevenLabsApiKey', elevenLabs.apiKey),
      lastFour: '0000',
    });
    expect((await speakingAs(ctx.app, guru)).elevenLabsKey).toBe(elevenLabs.apiKey);
    expect((await speakerOf()).name).toBe('elevenlabs');
    ctx.app.config.ai.openAiSpeech = undefined;
  });
});

describe('synthesizeWithFallback', () => {
  it("speaks in the guru's voice, or alloy when it has none", async () => {
    ctx.app.config.ai.openAiSpeech = openAiSettings();
    try {
      const spoken = await synthesizeWithFallback(
        ctx.app,
        { voice: 'shimmer', fallbackVoice: null, elevenLabsKey: null },
        'Hi.',
      );
      expect(spoken).toMatchObject({ contentType: 'audio/mpeg', speaker: 'openai', fellBack: false });
      expect(openAi.requests.at(-1)?.voice).toBe('shimmer');
      await synthesizeWithFallback(ctx.app, { voice: null, fallbackVoice: null, elevenLabsKey: null }, 'Hi.');
      expect(openAi.requests.at(-1)?.voice).toBe('alloy');
    } finally {
      ctx.app.config.ai.openAiSpeech = undefined;
    }
  });

  it('falls back to the local voices in the fallback voice when the chosen speaker fails', async () => {
    const owner = await buildUser(ctx.app, { userType: 'teacher' });
    ctx.app.config.ai.openAiSpeech = { ...openAiSettings(), apiKey: 'revoked' };
    try {
      const guru = await speakingAs(ctx.app, { ownerId: owner.id, voice: 'nova', fallbackVoice: 'echo' });
      const spoken = await synthesizeWithFallback(ctx.app, guru, 'The answer is four.');
      expect(spoken).toMatchObject({ contentType: 'audio/wav', speaker: 'flite', fellBack: true });
      expect(isWave(spoken.data)).toBe(true);
      const echo = await localSpeaker().synthesize('The answer is four.', 'echo');
      expect(spoken.data.equals(echo.data)).toBe(true);
    } finally {
      ctx.app.config.ai.openAiSpeech = undefined;
    }
  });
});
