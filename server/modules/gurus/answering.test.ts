import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GURU_MSG } from '../../../common/gurus';
import type { Passage } from '../../providers/llm/types';
import { buildUser } from '../../test/factories';
import { startFakeOpenAiChat } from '../../test/fake-openai-chat';
import { buildGeometryGuru } from '../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../test/harness';
import { citationsOf, excerptOf, prepareAnswer } from './answering';

async function text(stream: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return { parts, text: parts.join('') };
}

describe('answering with the local answerer', () => {
  let ctx: TestContext;
  let built: Awaited<ReturnType<typeof buildGeometryGuru>>;

  beforeAll(async () => {
    ctx = await startTestApp();
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    built = await buildGeometryGuru(ctx.app, teacher.id);
  });
  afterAll(async () => ctx?.close());

  it('answers from the material, streamed, citing the video moment that says it', async () => {
    const prepared = await prepareAnswer(ctx.app, built.guru, 'What is the hypotenuse?', []);
    expect(prepared.notCovered).toBe(false);
    const expected = built.topicAt.get('hypotenuse');
    expect(prepared.citations[0]).toMatchObject({
      sourceKind: 'caption',
      title: 'Triangles',
      videoId: expected?.videoId,
      startSeconds: expected?.startSeconds,
      courseId: built.course.id,
    });
    expect(prepared.citations[0].excerpt).toContain('hypotenuse');
    const answer = await text(prepared.stream);
    expect(answer.parts.length).toBeGreaterThan(3);
    // First what was asked in a sentence of its own, then the course's sentence that says it.
    const [statement, ...rest] = answer.text.split(/(?<=\.) /);
    expect(statement).toBe('The hypotenuse is the side opposite the right angle.');
    expect(rest[0]).toBe('The side opposite the right angle is called the hypotenuse.');
    // Where it is comes as the citation (a chip), never in the text that is read aloud.
    expect(answer.text).not.toMatch(/\(See |2:24/);
    // The rest only sentences of the first cited passage: nothing invented, and the chip shows where they are.
    const cited = prepared.passages.find((passage) => passage.chunkId === prepared.citations[0].chunkId);
    for (const sentence of rest) expect(cited?.text).toContain(sentence);
  });

  it('says plainly that the course does not cover an off-topic question', async () => {
    const prepared = await prepareAnswer(ctx.app, built.guru, 'Who won the football world cup?', []);
    expect(prepared).toMatchObject({ notCovered: true, citations: [], passages: [] });
    expect((await text(prepared.stream)).text).toBe(GURU_MSG.notCovered);
    expect(GURU_MSG.notCovered).toBe(
      "I'm sorry — the course material doesn't cover that question, so I can't answer it reliably. Try asking about a topic from the course, or ask your teacher.",
    );
  });
});

describe('citations', () => {
  const passage = (patch: Partial<Passage>): Passage => ({
    chunkId: 'c',
    sourceKind: 'caption',
    title: 'Video',
    heading: '',
    text: 'Short.',
    courseId: null,
    videoId: 'v1',
    materialId: null,
    startSeconds: 36,
    page: null,
    slide: null,
    rank: 1,
    ...patch,
  });

  it('keeps one citation per source moment, best first, with excerpts of at most 200 characters', () => {
    const long = `${'word '.repeat(80)}end`;
    const citations = citationsOf([
      passage({ chunkId: 'a', text: long }),
      passage({ chunkId: 'b' }),
      passage({ chunkId: 'c', startSeconds: 72 }),
      passage({
        chunkId: 'd',
        sourceKind: 'material',
        videoId: null,
        materialId: 'm1',
        startSeconds: null,
        page: 2,
      }),
      passage({
        chunkId: 'e',
        sourceKind: 'material',
        videoId: null,
        materialId: 'm1',
        startSeconds: null,
        page: 2,
      }),
      passage({ chunkId: 'f', sourceKind: 'guru_faq', videoId: null, startSeconds: null, title: 'Guru FAQ' }),
      passage({ chunkId: 'g', sourceKind: 'guru_faq', videoId: null, startSeconds: null, title: 'Guru FAQ' }),
    ]);
    expect(citations.map((citation) => citation.chunkId)).toEqual(['a', 'c', 'd', 'f', 'g']);
    expect(citations[0].excerpt.length).toBeLessThanOrEqual(200);
    expect(citations[0].excerpt.endsWith('…')).toBe(true);
    expect(excerptOf('Q: Why?\nA: Because.')).toBe('Why? A: Because.');
  });
});

describe('answering through an OpenAI-compatible endpoint', () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startFakeOpenAiChat>>;
  let built: Awaited<ReturnType<typeof buildGeometryGuru>>;

  beforeAll(async () => {
    fake = await startFakeOpenAiChat('sk-guru');
    ctx = await startTestApp({
      ai: {
        llm: { baseUrl: fake.baseUrl, apiKey: 'sk-guru', model: 'guru-model' },
        elevenLabsApiBase: 'http://127.0.0.1:9',
        didApiBase: 'http://127.0.0.1:9',
      },
    });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    built = await buildGeometryGuru(ctx.app, teacher.id, { instructions: 'Never give the final number.' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('gives the model the retrieved passages and streams its answer, with the same citations', async () => {
    fake.setReply('The hypotenuse is the longest side [1].');
    const history = [{ role: 'user' as const, text: 'Hi' }];
    const prepared = await prepareAnswer(ctx.app, built.guru, 'What is the hypotenuse?', history);
    const retrieved = prepared.citations.map((citation) => citation.chunkId);
    // The marker is a citation, never text a student reads or hears.
    expect((await text(prepared.stream)).text).toBe('The hypotenuse is the longest side.');
    expect(prepared.citations[0].videoId).toBe(built.topicAt.get('hypotenuse')?.videoId);
    expect(prepared.citations.map((citation) => citation.chunkId)).toEqual([retrieved[0]]);
    const system = fake.requests.at(-1)?.body.messages?.[0].content ?? '';
    expect(system).toContain('Never give the final number.');
    expect(system).toContain('The side opposite the right angle is called the hypotenuse.');
    expect(system).toContain('cite the passages it comes from by their numbers in square brackets');
    expect(fake.requests.at(-1)?.body.messages?.map((message) => message.role)).toEqual([
      'system',
      'user',
      'user',
    ]);
  });

  it('keeps the passages the model cites, in its order, and drops a number it was not given', async () => {
    fake.setReply('Square the legs [2] and add them [9][1]. Then take the root [2].');
    const prepared = await prepareAnswer(ctx.app, built.guru, 'What is an angle in a triangle?', []);
    const retrieved = prepared.passages.map((passage) => passage.chunkId);
    expect(retrieved.length).toBeGreaterThanOrEqual(2);
    expect((await text(prepared.stream)).text).toBe('Square the legs and add them. Then take the root.');
    expect(prepared.citations.map((citation) => citation.chunkId)).toEqual([retrieved[1], retrieved[0]]);

    fake.setReply('The course says so.');
    const uncited = await prepareAnswer(ctx.app, built.guru, 'What is an angle in a triangle?', []);
    await text(uncited.stream);
    // A model that cites nothing: the retrieved passages stay the citations.
    expect(uncited.citations.map((citation) => citation.chunkId)).toEqual(
      [...new Set(uncited.passages.map((passage) => passage.chunkId))].slice(0, uncited.citations.length),
    );
    expect(uncited.citations.length).toBeGreaterThan(0);
  });

  it('never asks the model when nothing is relevant', async () => {
    const before = fake.requests.length;
    const prepared = await prepareAnswer(ctx.app, built.guru, 'What is the capital of France?', []);
    expect(prepared.notCovered).toBe(true);
    expect((await text(prepared.stream)).text).toBe(GURU_MSG.notCovered);
    expect(fake.requests.length).toBe(before);
  });
});
