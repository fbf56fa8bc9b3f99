import { describe, expect, it } from 'vitest';
import { composeLocalAnswer, localAnswerer, pickSentences, sentencesOf } from './local-answerer';
import type { AnswerRequest, Passage } from './types';

const base: Omit<Passage, 'chunkId' | 'text'> = {
  sourceKind: 'caption',
  title: 'Circles',
  heading: '',
  courseId: null,
  videoId: 'v',
  materialId: null,
  startSeconds: 216,
  page: null,
  slide: null,
  rank: 1,
};
const passage = (text: string, patch: Partial<Passage> = {}): Passage => ({
  ...base,
  chunkId: 'a',
  text,
  ...patch,
});
const request = (
  passages: Passage[],
  teachingMode: 'direct' | 'hints' = 'direct',
  question = 'What is the area of a circle?',
): AnswerRequest => ({
  guru: { name: 'Geo', subject: 'Geometry', instructions: '', teachingMode },
  question,
  passages,
  terms: [],
  history: [],
});
const pick = (question: string, text: string, patch: Partial<Passage> = {}) =>
  pickSentences(question, [passage(text, patch)]).sentences;

describe('local answerer', () => {
  it('answers with the sentences that hold the question’s words, in the order the material says them', () => {
    const text =
      'Circles are round. The area of a circle is pi times the radius squared. Pi is about three. Square the radius first.';
    // "Circles are round." holds one of the two words: not an answer beside the sentence holding both.
    expect(pick('What is the area of a circle?', text)).toEqual([
      'The area of a circle is pi times the radius squared.',
    ]);
    const areaAndPi =
      'Pi is about three. The area of a circle is pi r squared. A circle has an area and a centre.';
    expect(pick('What is the area of a circle?', areaAndPi)).toEqual([
      'The area of a circle is pi r squared.',
      'A circle has an area and a centre.',
    ]);
    // Plain prose: only the material's sentences, and where they are is never written into the text.
    expect(composeLocalAnswer(request([passage(text)]))).toBe(
      'The area of a circle is pi times the radius squared.',
    );
  });

  it('answers from the first passage, the one its first citation shows', () => {
    const first = passage('A radius goes from the centre to the edge.', { chunkId: 'first' });
    const second = passage('The area of a circle is pi times the radius squared.', { chunkId: 'second' });
    expect(pickSentences('What is the area of a circle?', [first, second]).source.chunkId).toBe('first');
  });

  it('picks the sentence giving what was asked: a cause, a quantity, a definition', () => {
    const ice =
      'Ice is frozen water. Ice floats because water expands when it freezes. Icebergs can be huge.';
    expect(pick('Why does ice float?', ice)).toEqual(['Ice floats because water expands when it freezes.']);
    const tree =
      'Trees give off water vapour. A large oak tree can give off more than 400 litres of water on a hot day.';
    expect(pick('How much water can a tree give off?', tree).join(' ')).toContain('400 litres');
    const clouds =
      'Clouds float high up. Cirrus clouds are thin wisps of ice. A cloud is called cumulus when it is puffy.';
    expect(pick('What is a cumulus cloud?', clouds)).toContain('A cloud is called cumulus when it is puffy.');
  });

  it('weighs a word by how rare it is among the passages found: the course-wide word says least', () => {
    const matters = passage(
      'The water cycle moves heat around the planet. It refills the rivers that farms depend on.',
      { chunkId: 'matters' },
    );
    const others = ['Water evaporates.', 'The water cycle never stops.', 'Water falls as rain.'].map(
      (text, index) => passage(text, { chunkId: `other-${index}` }),
    );
    const { sentences } = pickSentences('Why is the water cycle important for farms?', [matters, ...others]);
    expect(sentences).toContain('It refills the rivers that farms depend on.');
  });

  it('gives the sentence before one that leans on it, and the next step of an explanation', () => {
    const leaf =
      'Plants lose water through pores in their leaves. This loss of water is called transpiration. Roots take water in.';
    expect(pick('What is transpiration?', leaf)).toEqual([
      'Plants lose water through pores in their leaves.',
      'This loss of water is called transpiration.',
    ]);
    const puddle =
      'The sun heats the water in puddles. Heated water turns into an invisible gas. Rain fills puddles again.';
    expect(pick('Why do puddles disappear on a sunny day?', puddle, { heading: '' }).slice(0, 2)).toEqual([
      'The sun heats the water in puddles.',
      'Heated water turns into an invisible gas.',
    ]);
  });

  it('gives both sides of a comparison', () => {
    const text =
      'Cumulus clouds are puffy and white. Weather changes fast. Stratus clouds are flat grey layers. Clouds are water.';
    const answer = pick('What is the difference between cumulus and stratus?', text);
    expect(answer).toContain('Cumulus clouds are puffy and white.');
    expect(answer).toContain('Stratus clouds are flat grey layers.');
  });

  it('reads whole sentences: PDF line breaks joined, a heading glued to the narration left out', () => {
    expect(sentencesOf('Water expands when it\nfreezes. Ice is\nlighter.')).toEqual([
      'Water expands when it freezes.',
      'Ice is lighter.',
    ]);
    const glued = passage('Why Ice Floats Water expands when it freezes. Ice is lighter than water.', {
      heading: 'Why Ice Floats',
      sourceKind: 'segment',
    });
    expect(pickSentences('Why is ice lighter than water?', [glued]).sentences[0]).toBe(
      'Ice is lighter than water.',
    );
  });

  it('answers an FAQ passage with its answer as a whole', () => {
    const faq = passage(
      'Q: What is the area of a circle?\nA: Use pi r squared. Measure the radius carefully.',
      {
        sourceKind: 'guru_faq',
        title: 'Guru FAQ',
        videoId: null,
        startSeconds: null,
      },
    );
    expect(composeLocalAnswer(request([faq]))).toBe('Use pi r squared. Measure the radius carefully.');
  });

  it('asks a guiding question and gives one hint before the answer in hints mode', () => {
    const slide = passage(
      'A circle is all points at one distance from a centre. The area of a circle is pi times the radius squared.',
      { sourceKind: 'segment', heading: 'Area of a circle', slide: 3 },
    );
    expect(composeLocalAnswer(request([slide], 'hints'))).toBe(
      "Let's work it out together: what do you already know about area of a circle? Here is a hint: A circle is all points at one distance from a centre. If you are still stuck, here is the answer: The area of a circle is pi times the radius squared.",
    );
  });

  it('streams small deltas that add up to the answer and stops when aborted', async () => {
    const one = passage('The area of a circle is pi times the radius squared.');
    const parts: string[] = [];
    for await (const part of localAnswerer().answer(request([one]))) parts.push(part);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(composeLocalAnswer(request([one])));

    const controller = new AbortController();
    const aborted: string[] = [];
    for await (const part of localAnswerer().answer(request([one]), controller.signal)) {
      aborted.push(part);
      controller.abort();
    }
    expect(aborted).toHaveLength(1);
  });
});
