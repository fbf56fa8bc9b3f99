import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { questionSchema, quizSettingsSchema, quizUpdateSchema } from './quizzes';

const SETTINGS = { title: 'Week 1', timeLimitMinutes: 10, attemptsAllowed: 2, passPercent: 60 };

/** The first message per path the schema reports for `input`. */
function messages(schema: typeof questionSchema | typeof quizSettingsSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('quizSettingsSchema', () => {
  it('accepts settings and fills the defaults', () => {
    expect(quizSettingsSchema.parse({ ...SETTINGS, passPercent: '100' })).toEqual({
      ...SETTINGS,
      passPercent: 100,
      instructions: '',
      shuffleQuestions: false,
      shuffleOptions: false,
      displayMode: 'one',
    });
  });

  it('refuses out-of-range numbers with the spec texts', () => {
    expect(messages(quizSettingsSchema, { ...SETTINGS, passPercent: 101 })).toEqual({
      passPercent: MSG.percentage,
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, passPercent: 'abc' })).toEqual({
      passPercent: MSG.numberRange,
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, timeLimitMinutes: 1.5 })).toEqual({
      timeLimitMinutes: MSG.decimal,
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, attemptsAllowed: -1 })).toEqual({
      attemptsAllowed: MSG.negative,
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, timeLimitMinutes: 601 })).toEqual({
      timeLimitMinutes: 'The time limit must be at most 600 minutes',
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, attemptsAllowed: 101 })).toEqual({
      attemptsAllowed: 'At most 100 attempts',
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, title: '   ' })).toEqual({ title: MSG.onlySpace });
    expect(messages(quizSettingsSchema, { ...SETTINGS, passPercent: '' })).toEqual({
      passPercent: MSG.required,
    });
    expect(messages(quizSettingsSchema, { ...SETTINGS, displayMode: 'some' })).toEqual({
      displayMode: MSG.selectOption,
    });
  });

  it('update takes any part and a position', () => {
    expect(quizUpdateSchema.parse({ position: 2 })).toEqual({ position: 2 });
    // Settings left out stay out (no defaults), so an edit never resets them.
    expect(quizUpdateSchema.parse({ title: ' Renamed ' })).toEqual({ title: 'Renamed' });
    expect(quizUpdateSchema.safeParse({ passPercent: 120 }).error?.issues[0].message).toBe(MSG.percentage);
    expect(quizUpdateSchema.safeParse({ position: -1 }).success).toBe(false);
  });
});

const BASE = { prompt: 'What is 2 + 2?', marks: 1 };

describe('questionSchema', () => {
  it('accepts each type with what it needs', () => {
    const ok = (input: object) => expect(questionSchema.safeParse({ ...BASE, ...input }).success).toBe(true);
    ok({ type: 'single', options: [{ text: '3' }, { text: '4', correct: true }] });
    ok({
      type: 'multiple',
      options: [
        { text: '4', correct: true },
        { text: 'four', correct: true },
      ],
    });
    ok({ type: 'true_false', trueFalseAnswer: false });
    ok({ type: 'short', acceptedAnswers: ['4'] });
    ok({ type: 'long' });
    ok({ type: 'file', marks: '2.5' });
  });

  it('refuses each type without it, on the field to fix', () => {
    const check = (input: object) => messages(questionSchema, { ...BASE, ...input });
    expect(check({ type: 'single', options: [{ text: '4', correct: true }] })).toEqual({
      options: 'Please add at least two options',
    });
    expect(check({ type: 'single', options: [{ text: '3' }, { text: '4' }] })).toEqual({
      options: 'Please mark exactly one correct option',
    });
    expect(
      check({
        type: 'single',
        options: [
          { text: '3', correct: true },
          { text: '4', correct: true },
        ],
      }),
    ).toEqual({ options: 'Please mark exactly one correct option' });
    expect(check({ type: 'multiple', options: [{ text: '3' }, { text: '4' }] })).toEqual({
      options: 'Please mark at least one correct option',
    });
    expect(check({ type: 'true_false' })).toEqual({ trueFalseAnswer: MSG.selectOption });
    expect(check({ type: 'short' })).toEqual({ acceptedAnswers: 'Please add at least one accepted answer' });
    expect(check({ type: 'essay' })).toEqual({ type: MSG.selectOption });
    expect(check({ type: 'long', prompt: '' })).toEqual({ prompt: MSG.required });
    expect(check({ type: 'long', options: [{ text: ' ' }] })).toEqual({ 'options.0.text': MSG.onlySpace });
  });

  it('checks marks, negative marks and the video moment', () => {
    const check = (input: object) => messages(questionSchema, { ...BASE, type: 'long', ...input });
    expect(check({ marks: 0 })).toEqual({ marks: MSG.zero });
    expect(check({ marks: -1 })).toEqual({ marks: MSG.negative });
    expect(check({ marks: 10_001 })).toEqual({ marks: MSG.max10Thousand });
    expect(check({ marks: 1.234 })).toEqual({ marks: 'Please use at most 2 decimal places' });
    expect(check({ negativeMarks: 2 })).toEqual({
      negativeMarks: 'Negative marks cannot be more than the marks',
    });
    expect(check({ negativeMarks: -0.5 })).toEqual({ negativeMarks: MSG.negative });
    expect(check({ videoSeconds: 30 })).toEqual({ videoId: 'Please choose a video of this course' });
    expect(check({ videoId: 'not-a-uuid' })).toEqual({ videoId: 'Please choose a video of this course' });
    expect(check({ videoId: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', videoSeconds: -1 })).toEqual({
      videoSeconds: MSG.negative,
    });
  });
});
