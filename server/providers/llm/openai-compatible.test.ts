import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiChat } from '../../test/fake-openai-chat';
import { DIRECT_RULES, openAiCompatibleAnswerer, systemPrompt } from './openai-compatible';
import type { AnswerRequest, Passage } from './types';

const passage: Passage = {
  chunkId: 'c1',
  sourceKind: 'caption',
  title: 'Right triangles',
  heading: '',
  text: 'The hypotenuse is the longest side of a right triangle.',
  courseId: null,
  videoId: 'v1',
  materialId: null,
  startSeconds: 75,
  page: null,
  slide: null,
  rank: 0.5,
};
const request: AnswerRequest = {
  guru: { name: 'Geo', subject: 'Geometry', instructions: 'Be brief.', teachingMode: 'hints' },
  question: 'What is the hypotenuse?',
  passages: [passage],
  terms: [],
  history: [
    { role: 'user', text: 'Hello' },
    { role: 'assistant', text: 'Hi!' },
  ],
};

async function collect(stream: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('OpenAI-compatible answerer', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAiChat>>;
  beforeAll(async () => {
    fake = await startFakeOpenAiChat('sk-test-key');
  });
  afterAll(async () => fake.close());

  it('streams the deltas of a chat completion and sends the guru, the passages and the history', async () => {
    fake.setReply('Here is a hint: it is the longest side [1].');
    const answerer = openAiCompatibleAnswerer({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test-key',
      model: 'tiny-model',
    });
    const cited: string[][] = [];
    const parts = await collect(answerer.answer({ ...request, onCite: (ids) => cited.push(ids) }));
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe('Here is a hint: it is the longest side.');
    expect(cited).toEqual([['c1']]);

    const sent = fake.requests.at(-1);
    expect(sent?.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body.model).toBe('tiny-model');
    expect(sent?.body.stream).toBe(true);
    const roles = sent?.body.messages?.map((message) => message.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    const system = sent?.body.messages?.[0].content ?? '';
    expect(system).toContain('You are Geo');
    expect(system).toContain('Geometry');
    expect(system).toContain('Be brief.');
    // Hints mode's turns have their own prompts (hint-prompts.ts): without a hint step the model answers.
    expect(system).not.toContain('guiding question');
    expect(system).toContain(DIRECT_RULES);
    // Round three's rules (decision 057), as the local answerer keeps them.
    expect(DIRECT_RULES).toContain('never says more or other than the passage sentence');
    expect(DIRECT_RULES).toContain('keep a range, a list or a joined answer whole');
    expect(DIRECT_RULES).toContain('shares only a name or a common word');
    expect(DIRECT_RULES).toContain("Read students' spelling generously");
    expect(system).toContain('[1] (the video "Right triangles" at 1:15)');
    expect(system).toContain('Answer ONLY from the numbered course passages');
    expect(sent?.body.messages?.at(-1)?.content).toBe('What is the hypotenuse?');
  });

  it('reads events however the stream cuts them: CRLF, comments, multi-line data, lines split mid-way', async () => {
    fake.setReply('Ángulo: the longest side — always [1]. 直角三角形 too.');
    fake.setAwkward(true);
    try {
      const answerer = openAiCompatibleAnswerer({ baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'm' });
      const cited: string[][] = [];
      const parts = await collect(answerer.answer({ ...request, onCite: (ids) => cited.push(ids) }));
      expect(parts.join('')).toBe('Ángulo: the longest side — always. 直角三角形 too.');
      expect(cited).toEqual([['c1']]);
    } finally {
      fake.setAwkward(false);
    }
  });

  it('fails clearly on a wrong key and on an error status', async () => {
    const wrongKey = openAiCompatibleAnswerer({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong', model: 'm' });
    await expect(collect(wrongKey.answer(request))).rejects.toThrow(
      'The language model service answered 401: Incorrect API key provided.',
    );
    fake.failNextWith(503, 'The server is overloaded.');
    const answerer = openAiCompatibleAnswerer({ baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'm' });
    await expect(collect(answerer.answer(request))).rejects.toThrow(
      'The language model service answered 503: The server is overloaded.',
    );
  });

  it('fails clearly when the service cannot be reached', async () => {
    const answerer = openAiCompatibleAnswerer({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: undefined,
      model: 'm',
    });
    await expect(collect(answerer.answer(request))).rejects.toThrow('could not be reached');
  });

  it("gives the model in direct mode the same passages and the local answerer's rules", async () => {
    fake.setReply('The hypotenuse is the longest side [1].');
    const answerer = openAiCompatibleAnswerer({ baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'm' });
    const parts = await collect(
      answerer.answer({ ...request, guru: { ...request.guru, teachingMode: 'direct' } }),
    );
    expect(parts.join('')).toBe('The hypotenuse is the longest side.');
    const system = fake.requests.at(-1)?.body.messages?.[0].content ?? '';
    expect(system).toContain(DIRECT_RULES);
    expect(system).toContain('[1] (the video "Right triangles" at 1:15)');
    expect(system).not.toContain('guiding question');
  });

  it('puts direct mode and no instructions in the prompt when so configured', () => {
    const prompt = systemPrompt({
      ...request,
      guru: { ...request.guru, teachingMode: 'direct', instructions: '' },
    });
    expect(prompt).toContain('Answer directly');
    // The local answerer's rules: the asked fact first in a sentence of its own, then the supporting one.
    expect(prompt).toContain('"How many sides does a hexagon have?" → "A hexagon has six sides."');
    expect(prompt).toContain("not one that only shares the course's topic word");
    // Round two's rules: causes and places without their usual markers, comparisons asked of one side.
    expect(prompt).toContain('"A. That is why B"');
    expect(prompt).toContain('"How is A different from B?"');
    expect(prompt).not.toContain("course owner's instructions");
  });
});
