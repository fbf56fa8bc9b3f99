import { describe, expect, it } from 'vitest';
import type { DraftRun, QuestionDraft } from '../../../../common/contracts/question-drafts';
import {
  draftMoment,
  draftValues,
  insertAfter,
  isDrafting,
  replaceDraft,
  runNotice,
  withoutDraft,
} from './draft-form';
import { toQuestionInput, validateQuestion } from './question-form';

const VIDEO = '00000000-0000-4000-8000-000000000003';

const draft = (overrides: Partial<QuestionDraft> = {}): QuestionDraft => ({
  id: 'd1',
  status: 'offered',
  type: 'single',
  prompt: 'What turns water into vapour?',
  options: [
    { text: 'Condensation', correct: false },
    { text: 'Evaporation', correct: true },
    { text: 'Precipitation', correct: false },
  ],
  trueFalseAnswer: null,
  acceptedAnswers: [],
  sentence: 'The sun heats the water and evaporation turns it into vapour.',
  heading: 'Evaporation',
  difficulty: 'easy',
  videoId: VIDEO,
  videoTitle: 'The water cycle',
  videoSeconds: 102,
  page: null,
  rewritten: false,
  ...overrides,
});

const run = (overrides: Partial<DraftRun> = {}): DraftRun => ({
  id: 'r1',
  status: 'done',
  progress: 100,
  made: 3,
  message: null,
  videoId: null,
  ...overrides,
});

describe('a draft in the question editor', () => {
  it('keeps a choice question, its sentence as the explanation and its moment, and passes the schema', () => {
    const values = draftValues(draft());
    expect(values).toMatchObject({
      type: 'single',
      prompt: 'What turns water into vapour?',
      explanation: 'The sun heats the water and evaporation turns it into vapour.',
      videoId: VIDEO,
      videoTime: '1:42',
      marks: 1,
      negativeMarks: 0,
    });
    expect(validateQuestion(values)).toEqual({});
    expect(toQuestionInput(values)).toMatchObject({
      options: [
        { text: 'Condensation', correct: false },
        { text: 'Evaporation', correct: true },
        { text: 'Precipitation', correct: false },
      ],
      videoId: VIDEO,
      videoSeconds: 102,
    });
  });

  it('reads a true/false answer and short answers', () => {
    const statement = draftValues(
      draft({ type: 'true_false', options: [], trueFalseAnswer: false, prompt: 'Vapour is a solid.' }),
    );
    expect(statement.trueFalseAnswer).toBe('false');
    expect(toQuestionInput(statement)).toMatchObject({ trueFalseAnswer: false, options: [] });
    expect(validateQuestion(statement)).toEqual({});
    const short = draftValues(
      draft({ type: 'short', options: [], acceptedAnswers: ['evaporation', 'evaporating'] }),
    );
    expect(short.acceptedAnswers).toEqual(['evaporation', 'evaporating']);
    expect(validateQuestion(short)).toEqual({});
  });

  it('leaves the video out when the draft is taught on a page', () => {
    const values = draftValues(draft({ videoId: null, videoTitle: null, videoSeconds: null, page: 4 }));
    expect(values.videoId).toBeNull();
    expect(values.videoTime).toBe('');
    expect(toQuestionInput(values).videoSeconds).toBeNull();
  });
});

describe('where a draft is taught', () => {
  it('is a lesson at mm:ss, a page, or nowhere known', () => {
    expect(draftMoment(draft())).toEqual({ kind: 'video', title: 'The water cycle', time: '1:42' });
    expect(draftMoment(draft({ videoId: null, videoSeconds: null, page: 7 }))).toEqual({
      kind: 'page',
      page: 7,
    });
    expect(draftMoment(draft({ videoId: null, videoSeconds: null, page: null }))).toBeNull();
  });
});

describe('runs', () => {
  it('are followed while queued or running', () => {
    expect(isDrafting(run({ status: 'queued' }))).toBe(true);
    expect(isDrafting(run({ status: 'running' }))).toBe(true);
    expect(isDrafting(run())).toBe(false);
    expect(isDrafting(null)).toBe(false);
  });

  it('say why they failed or offered nothing', () => {
    expect(runNotice(run())).toBeNull();
    expect(runNotice(run({ status: 'running', made: 0 }))).toBeNull();
    expect(runNotice(run({ made: 0, message: 'Too little text' }))).toEqual({
      kind: 'empty',
      message: 'Too little text',
    });
    expect(runNotice(run({ status: 'failed', made: 0 }))).toEqual({ kind: 'failed', message: null });
  });
});

describe('the waiting list', () => {
  const list = [draft({ id: 'a' }), draft({ id: 'b' }), draft({ id: 'c' })];
  const ids = (drafts: QuestionDraft[]) => drafts.map((one) => one.id);

  it('loses an accepted or rejected draft, and a regenerated one is replaced in place', () => {
    expect(ids(withoutDraft(list, 'b'))).toEqual(['a', 'c']);
    expect(ids(replaceDraft(list, 'b', draft({ id: 'b2' })))).toEqual(['a', 'b2', 'c']);
  });

  it('places more like a draft right after it, each once', () => {
    expect(ids(insertAfter(list, 'a', [draft({ id: 'x' }), draft({ id: 'c' }), draft({ id: 'y' })]))).toEqual(
      ['a', 'x', 'y', 'b', 'c'],
    );
    expect(ids(insertAfter(list, 'gone', [draft({ id: 'x' })]))).toEqual(['a', 'b', 'c', 'x']);
  });
});
