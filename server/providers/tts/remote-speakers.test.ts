import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../test/fake-elevenlabs';
import { type FakeOpenAiSpeech, startFakeOpenAiSpeech } from '../../test/fake-openai-speech';
import { ELEVENLABS_VOICE_IDS, elevenLabsKeyWorks, elevenLabsSpeaker } from './elevenlabs';
import { openAiSpeaker } from './openai-speech';

let openAi: FakeOpenAiSpeech;
let elevenLabs: FakeElevenLabs;
beforeAll(async () => {
  [openAi, elevenLabs] = await Promise.all([startFakeOpenAiSpeech(), startFakeElevenLabs()]);
});
afterAll(async () => Promise.all([openAi.close(), elevenLabs.close()]));

describe('OpenAI speech', () => {
  const settings = () => ({ baseUrl: `${openAi.url}/v1`, apiKey: openAi.apiKey, model: 'gpt-4o-mini-tts' });

  it('sends model, input, voice and mp3 format and returns the MP3 bytes', async () => {
    const audio = await openAiSpeaker(settings()).synthesize('Photosynthesis makes sugar.', 'fable');
    expect(audio.contentType).toBe('audio/mpeg');
    expect(audio.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
    expect(audio.data.toString()).toContain('openai:fable');
    expect(openAi.requests.at(-1)).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Photosynthesis makes sugar.',
      voice: 'fable',
      response_format: 'mp3',
    });
  });

  it('throws with the status on a wrong key or a server error, without the key in the message', async () => {
    const wrong = openAiSpeaker({ ...settings(), apiKey: 'sk-wrong-key' });
    await expect(wrong.synthesize('Hi.', 'alloy')).rejects.toThrow(/OpenAI speech failed \(401\)/);
    await wrong
      .synthesize('Hi.', 'alloy')
      .catch((error: Error) => expect(error.message).not.toContain('sk-wrong'));
    openAi.failWith = 500;
    await expect(openAiSpeaker(settings()).synthesize('Hi.', 'alloy')).rejects.toThrow(/\(500\)/);
    openAi.failWith = null;
  });
});

describe('ElevenLabs', () => {
  it('streams MP3 from the premade voice mapped to each name, at mp3_44100_128', async () => {
    const speaker = elevenLabsSpeaker(elevenLabs.url, elevenLabs.apiKey);
    const audio = await speaker.synthesize('Cells divide.', 'onyx');
    expect(audio.contentType).toBe('audio/mpeg');
    expect(audio.data.toString()).toContain(ELEVENLABS_VOICE_IDS.onyx);
    expect(elevenLabs.requests.at(-1)).toEqual({
      voiceId: ELEVENLABS_VOICE_IDS.onyx,
      text: 'Cells divide.',
      modelId: 'eleven_multilingual_v2',
      outputFormat: 'mp3_44100_128',
    });
    expect(new Set(Object.values(ELEVENLABS_VOICE_IDS)).size).toBe(6);
  });

  it('refuses a wrong key and a failing service', async () => {
    await expect(elevenLabsSpeaker(elevenLabs.url, 'wrong').synthesize('Hi.', 'alloy')).rejects.toThrow(
      /401/,
    );
    elevenLabs.failWith = 503;
    await expect(
      elevenLabsSpeaker(elevenLabs.url, elevenLabs.apiKey).synthesize('Hi.', 'alloy'),
    ).rejects.toThrow(/503/);
    elevenLabs.failWith = null;
  });

  it('checks a key with GET /v1/user; an unreachable service does not accept it', async () => {
    expect(await elevenLabsKeyWorks(elevenLabs.url, elevenLabs.apiKey)).toBe(true);
    expect(await elevenLabsKeyWorks(elevenLabs.url, 'wrong')).toBe(false);
    expect(await elevenLabsKeyWorks('http://127.0.0.1:9', elevenLabs.apiKey)).toBe(false);
    expect(elevenLabs.userChecks).toBe(1);
  });
});
