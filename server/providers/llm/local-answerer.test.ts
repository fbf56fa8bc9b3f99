import { describe, expect, it } from 'vitest';
import { composeLocalAnswer, localAnswerer, pickSentences } from './local-answerer';
import type { AnswerRequest, Passage } from './types';

const base: Omit<Passage, 'chunkId' | 'text'> = {
  sourceKind: 'caption',
  title: 'Circles',
  courseId: null,
  videoId: 'v',
  materialId: null,
  startSeconds: 216,
  page: null,
  slide: null,
  rank: 1,
};
const request = (passages: Passage[], teachingMode: 'direct' | 'hints' = 'direct'): AnswerRequest => ({
  guru: { name: 'Geo', subject: 'Geometry', instructions: '', teachingMode },
  question: 'What is the area of a circle?',
  passages,
  history: [],
});

describe('local answerer', () => {
  it('answers with the most relevant sentences of the best passage, in the order the material says them', () => {
    const passage: Passage = {
      ...base,
      chunkId: 'a',
      text: 'Circles are round. The area of a circle is pi times the radius squared. Pi is about three. Square the radius first.',
    };
    const { sentences } = pickSentences('What is the area of a circle?', [passage], 2);
    expect(sentences).toEqual(['Circles are round.', 'The area of a circle is pi times the radius squared.']);
    expect(composeLocalAnswer(request([passage]))).toMatch(/ \(See the video "Circles" at 3:36\.\)$/);
  });

  it('answers an FAQ passage with its answer and points at a material page', () => {
    const faq: Passage = {
      ...base,
      chunkId: 'f',
      sourceKind: 'guru_faq',
      title: 'Guru FAQ',
      videoId: null,
      startSeconds: null,
      text: 'Q: What is the area of a circle?\nA: Use pi r squared. Measure the radius carefully.',
    };
    expect(composeLocalAnswer(request([faq]))).toBe(
      'Use pi r squared. Measure the radius carefully. (See the guru FAQ.)',
    );
    const page: Passage = {
      ...faq,
      sourceKind: 'material',
      title: 'Formulas',
      page: 4,
      text: 'Area of a circle: pi r squared.',
    };
    expect(composeLocalAnswer(request([page], 'hints'))).toBe(
      'Here is a hint: Area of a circle: pi r squared. Have a look at page 4 of "Formulas" and try to work it out yourself.',
    );
  });

  it('streams small deltas that add up to the answer and stops when aborted', async () => {
    const passage: Passage = {
      ...base,
      chunkId: 'a',
      text: 'The area of a circle is pi times the radius squared.',
    };
    const parts: string[] = [];
    for await (const part of localAnswerer().answer(request([passage]))) parts.push(part);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(composeLocalAnswer(request([passage])));

    const controller = new AbortController();
    const aborted: string[] = [];
    for await (const part of localAnswerer().answer(request([passage]), controller.signal)) {
      aborted.push(part);
      controller.abort();
    }
    expect(aborted).toHaveLength(1);
  });
});
