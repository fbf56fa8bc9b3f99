import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDraftContent } from '../../../common/question-drafts';
import { startFakeOpenAiChat } from '../../test/fake-openai-chat';
import { rewordingHolds, rewriteDrafts } from './rewrite';

const SENTENCE = 'This change from gas to liquid is called condensation.';
const base: Omit<QuestionDraftContent, 'type' | 'form' | 'prompt' | 'trueFalseAnswer' | 'answerTerm'> = {
  options: [],
  acceptedAnswers: ['condensation'],
  sentence: SENTENCE,
  passageText: `As water vapour rises, the air around it cools. ${SENTENCE}`,
  videoId: 'lesson',
  videoSeconds: 95,
  materialId: null,
  page: null,
  heading: 'Condensation',
  difficulty: 'medium',
  fingerprint: 'f',
};
const cloze: QuestionDraftContent = {
  ...base,
  type: 'short',
  form: 'fill_blank',
  prompt: 'Fill in the blank: This change from gas to liquid is called _____.',
  trueFalseAnswer: null,
  answerTerm: 'condensation',
};
const falseStatement: QuestionDraftContent = {
  ...base,
  type: 'true_false',
  form: 'swap',
  prompt: 'This change from gas to liquid is called evaporation.',
  trueFalseAnswer: false,
  answerTerm: 'condensation',
};

describe('rewordingHolds: a model’s wording checked against the cited sentence', () => {
  it('keeps a clearer question that the same answer answers', () => {
    expect(rewordingHolds(cloze, 'What is the change from gas to liquid called?', 'en')).toBe(true);
  });
  it('refuses a wording that gives the answer away, adds facts, or is no question', () => {
    expect(rewordingHolds(cloze, 'Is condensation the change from gas to liquid?', 'en')).toBe(false);
    expect(
      rewordingHolds(cloze, 'What process forms rainbows over mountains and oceans at dawn?', 'en'),
    ).toBe(false);
    expect(rewordingHolds(cloze, 'The change from gas to liquid.', 'en')).toBe(false);
  });
  it('keeps a false statement false: its wrong term stays and the right one does not come back', () => {
    expect(rewordingHolds(falseStatement, 'Changing from gas to liquid is called evaporation.', 'en')).toBe(
      true,
    );
    expect(rewordingHolds(falseStatement, 'Changing from gas to liquid is called condensation.', 'en')).toBe(
      false,
    );
  });
});

describe('rewriteDrafts against an OpenAI-compatible endpoint (local fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAiChat>>;
  beforeAll(async () => {
    fake = await startFakeOpenAiChat('sk-drafts');
  });
  afterAll(() => fake.close());
  const settings = () => ({ baseUrl: fake.baseUrl, apiKey: 'sk-drafts', model: 'tiny-model' });

  it('sends each draft with its sentence, and keeps only the wordings that pass', async () => {
    fake.setReply(
      '```json\n{"prompts": ["What is the change from gas to liquid called?", "Changing from gas to liquid is called condensation."]}\n```',
    );
    const result = await rewriteDrafts(settings(), [cloze, falseStatement], 'en');
    expect(result[0]).toMatchObject({
      rewritten: true,
      content: { prompt: 'What is the change from gas to liquid called?' },
    });
    // The second would have made a false statement true: the drafter's wording stays.
    expect(result[1]).toMatchObject({ rewritten: false, content: { prompt: falseStatement.prompt } });
    const sent = fake.requests.at(-1);
    expect(sent?.body.stream).toBe(false);
    expect(sent?.authorization).toBe('Bearer sk-drafts');
    expect(sent?.body.messages?.[1]?.content).toContain(SENTENCE);
  });

  it('keeps every draft as drafted when the service fails or answers nonsense', async () => {
    fake.failNextWith(500, 'The server had an error');
    expect((await rewriteDrafts(settings(), [cloze], 'en'))[0]).toEqual({ content: cloze, rewritten: false });
    fake.setReply('I cannot help with that.');
    expect((await rewriteDrafts(settings(), [cloze], 'en'))[0]).toEqual({ content: cloze, rewritten: false });
    const wrongKey = await rewriteDrafts({ ...settings(), apiKey: 'sk-wrong' }, [cloze], 'en');
    expect(wrongKey[0]?.rewritten).toBe(false);
  });
});
