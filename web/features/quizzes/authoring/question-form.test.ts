import { describe, expect, it } from 'vitest';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import { trueFalseOptions } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { parseCsv } from '../../../../server/modules/files/csv-reader';
import { questionFromRow } from '../../../../server/modules/quizzes/csv-import';
import { quizCsvTemplate } from './csv-template';
import { parseVideoTime } from './format';
import { newOption, questionValues, toQuestionInput, validateQuestion } from './question-form';

const stored = (overrides: Partial<AuthorQuestion>): AuthorQuestion => ({
  id: '00000000-0000-4000-8000-000000000001',
  quizId: '00000000-0000-4000-8000-000000000002',
  position: 0,
  type: 'single',
  prompt: 'Pick one',
  options: [],
  acceptedAnswers: [],
  marks: 1,
  negativeMarks: 0,
  images: [],
  tags: [],
  explanation: '',
  videoId: null,
  videoSeconds: null,
  ...overrides,
});

describe('video time', () => {
  it('reads mm:ss, h:mm:ss and plain seconds, and refuses the rest', () => {
    expect(parseVideoTime('2:05')).toBe(125);
    expect(parseVideoTime('1:02:03')).toBe(3723);
    expect(parseVideoTime('90')).toBe(90);
    expect(parseVideoTime('  ')).toBeNull();
    expect(parseVideoTime('2:75')).toBeUndefined();
    expect(parseVideoTime('two minutes')).toBeUndefined();
    expect(parseVideoTime('-1:00')).toBeUndefined();
  });

  it('writes what it reads', () => {
    for (const seconds of [0, 5, 125, 3723]) expect(parseVideoTime(formatClock(seconds))).toBe(seconds);
  });
});

describe('question form', () => {
  it('sends only what the type uses; true/false options are left to the server', () => {
    const values = {
      ...questionValues(),
      type: 'true_false' as const,
      prompt: 'The sky is blue',
      trueFalseAnswer: 'false' as const,
      acceptedAnswers: ['stale'],
    };
    expect(toQuestionInput(values)).toMatchObject({
      type: 'true_false',
      options: [],
      trueFalseAnswer: false,
      acceptedAnswers: [],
    });
    expect(validateQuestion(values)).toEqual({});
  });

  it('keeps saved option ids when editing, so answers keep pointing at the same option', () => {
    const question = stored({
      options: [
        { id: 'a1', text: 'Left', correct: false },
        { id: 'b2', text: 'Right', correct: true },
      ],
    });
    const values = questionValues(question);
    values.options.push(newOption('Up'));
    expect(toQuestionInput(values).options).toEqual([
      { id: 'a1', text: 'Left', correct: false },
      { id: 'b2', text: 'Right', correct: true },
      { text: 'Up', correct: false },
    ]);
  });

  it('reads a stored true/false answer back', () => {
    const values = questionValues(stored({ type: 'true_false', options: trueFalseOptions(false) }));
    expect(values.trueFalseAnswer).toBe('false');
  });

  it("shows the shared schema's messages on the editor's fields", () => {
    const single = { ...questionValues(), prompt: 'Pick one' };
    single.options = [newOption('A'), newOption('B')];
    expect(validateQuestion(single).options).toBe('Please mark exactly one correct option');
    const short = { ...questionValues(), type: 'short' as const, prompt: 'Capital of France?' };
    expect(validateQuestion(short).acceptedAnswers).toBe('Please add at least one accepted answer');
    const costly = { ...short, acceptedAnswers: ['Paris'], marks: 1, negativeMarks: 2 };
    expect(validateQuestion(costly).negativeMarks).toBe('Negative marks cannot be more than the marks');
  });

  it('checks the video time only with a video, and sends it in seconds', () => {
    const base = { ...questionValues(), type: 'long' as const, prompt: 'Explain' };
    expect(validateQuestion({ ...base, videoTime: 'soon' })).toEqual({});
    const videoId = '00000000-0000-4000-8000-000000000003';
    expect(validateQuestion({ ...base, videoId, videoTime: 'soon' }).videoTime).toMatch(/mm:ss/);
    expect(toQuestionInput({ ...base, videoId, videoTime: '1:30' })).toMatchObject({
      videoId,
      videoSeconds: 90,
    });
    expect(toQuestionInput({ ...base, videoId: null, videoTime: '1:30' }).videoSeconds).toBeNull();
  });
});

describe('CSV template', () => {
  it('is accepted row by row by the importer, one question of each type', () => {
    const [header, ...rows] = parseCsv(quizCsvTemplate());
    expect(header.cells).toEqual([
      'type',
      'prompt',
      'options',
      'correct',
      'marks',
      'negative_marks',
      'explanation',
    ]);
    const results = rows.map((row) => questionFromRow(row.cells));
    for (const result of results) expect(result).toMatchObject({ ok: true });
    const types = results.map((result) => (result.ok ? result.question.type : null));
    expect(types).toEqual(['single', 'multiple', 'true_false', 'short', 'long', 'file']);
  });
});
