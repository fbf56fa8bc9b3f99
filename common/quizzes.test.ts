import { describe, expect, it } from 'vitest';
import {
  autoScore,
  hasPassed,
  isAnswered,
  isCorrect,
  maxScore,
  normalizeShortAnswer,
  openQuestion,
  type PaperQuestion,
  scorePercent,
  shuffled,
  totalScore,
  trueFalseOptions,
} from './quizzes';

const question = (patch: Partial<PaperQuestion>): PaperQuestion => ({
  id: 'q1',
  type: 'single',
  prompt: 'Pick one',
  options: [],
  acceptedAnswers: [],
  marks: 2,
  negativeMarks: 0.5,
  explanation: 'Because.',
  videoId: null,
  videoSeconds: null,
  ...patch,
});

const options = (...correct: boolean[]) =>
  correct.map((isRight, index) => ({ id: `o${index + 1}`, text: `Option ${index + 1}`, correct: isRight }));

const single = question({ type: 'single', options: options(false, true, false) });
const multiple = question({ type: 'multiple', options: options(true, false, true) });
const trueFalse = question({ type: 'true_false', options: trueFalseOptions(false) });
const short = question({ type: 'short', acceptedAnswers: ['New Delhi', 'Delhi'] });

describe('isCorrect and autoScore', () => {
  it('single choice: right only with the correct option', () => {
    expect(isCorrect(single, { optionIds: ['o2'] })).toBe(true);
    expect(autoScore(single, { optionIds: ['o2'] })).toBe(2);
    expect(isCorrect(single, { optionIds: ['o1'] })).toBe(false);
    expect(autoScore(single, { optionIds: ['o1'] })).toBe(-0.5);
    expect(isCorrect(single, { optionIds: ['o1', 'o2'] })).toBe(false);
  });

  it('multiple choice: all or nothing, duplicates and order do not matter', () => {
    expect(autoScore(multiple, { optionIds: ['o3', 'o1'] })).toBe(2);
    expect(autoScore(multiple, { optionIds: ['o1', 'o1', 'o3'] })).toBe(2);
    expect(autoScore(multiple, { optionIds: ['o1'] })).toBe(-0.5);
    expect(autoScore(multiple, { optionIds: ['o1', 'o2', 'o3'] })).toBe(-0.5);
  });

  it('true/false uses its fixed options', () => {
    expect(trueFalse.options).toEqual([
      { id: 'true', text: 'True', correct: false },
      { id: 'false', text: 'False', correct: true },
    ]);
    expect(autoScore(trueFalse, { optionIds: ['false'] })).toBe(2);
    expect(autoScore(trueFalse, { optionIds: ['true'] })).toBe(-0.5);
  });

  it('short answers ignore case, spacing and Unicode composition', () => {
    expect(isCorrect(short, { text: '  new   DELHI ' })).toBe(true);
    expect(isCorrect(short, { text: 'delhi' })).toBe(true);
    expect(isCorrect(short, { text: 'Mumbai' })).toBe(false);
    const accented = question({ type: 'short', acceptedAnswers: ['Café'] });
    expect(isCorrect(accented, { text: 'cafe\u0301' })).toBe(true);
    expect(normalizeShortAnswer(' A\tB  C ')).toBe('a b c');
  });

  it('a blank never costs negative marks', () => {
    for (const q of [single, multiple, trueFalse, short]) {
      expect(isCorrect(q, undefined)).toBe(false);
      expect(autoScore(q, null)).toBe(0);
      expect(autoScore(q, {})).toBe(0);
    }
    expect(autoScore(single, { optionIds: [] })).toBe(0);
    expect(autoScore(short, { text: '   ' })).toBe(0);
  });

  it('long and file answers wait for a teacher', () => {
    const long = question({ type: 'long' });
    const file = question({ type: 'file' });
    expect(isCorrect(long, { text: 'An essay' })).toBeNull();
    expect(autoScore(file, { fileName: 'work.pdf' })).toBeNull();
    expect(isAnswered(file, { fileName: 'work.pdf' })).toBe(true);
    expect(isAnswered(file, { text: 'no file' })).toBe(false);
    expect(isAnswered(long, { text: 'An essay' })).toBe(true);
  });
});

describe('totals', () => {
  it('sums scores, treats unmarked as 0 and never goes below zero', () => {
    expect(totalScore([2, -0.5, null, undefined, 1.25])).toBe(2.75);
    expect(totalScore([-0.5, -1, 0])).toBe(0);
    expect(totalScore([])).toBe(0);
    expect(maxScore([single, multiple, { marks: 0.33 }])).toBe(4.33);
  });

  it('pass is percent at or above the pass mark', () => {
    expect(scorePercent(1, 3)).toBe(33.33);
    expect(scorePercent(0, 0)).toBe(0);
    expect(hasPassed(5, 10, 50)).toBe(true);
    expect(hasPassed(4.99, 10, 50)).toBe(false);
    expect(hasPassed(0, 10, 0)).toBe(true);
    expect(hasPassed(10, 10, 100)).toBe(true);
  });
});

describe('openQuestion', () => {
  it('strips correct answers and the explanation', () => {
    const open = openQuestion(single, (key) => key);
    expect(open.options).toEqual([
      { id: 'o1', text: 'Option 1' },
      { id: 'o2', text: 'Option 2' },
      { id: 'o3', text: 'Option 3' },
    ]);
    expect(JSON.stringify(open)).not.toMatch(/correct|explanation|Because/);
  });
});

describe('shuffled', () => {
  /** A small deterministic generator (mulberry32) so the test is repeatable. */
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  it('keeps every item, leaves the input alone and repeats with the same seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const once = shuffled(items, seeded(7));
    expect([...once].sort((a, b) => a - b)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(shuffled(items, seeded(7))).toEqual(once);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(shuffled([], seeded(1))).toEqual([]);
  });
});
