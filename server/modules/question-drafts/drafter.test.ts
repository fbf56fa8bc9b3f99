import { describe, expect, it } from 'vitest';
import { slideText } from '../../test/deck-lessons';
import { HINDI_SOLAR_SLIDES } from '../../test/fixtures/hindi-deck/slides';
import { type DeckSlide, WATER_CYCLE_SLIDES } from '../../test/fixtures/water-cycle-deck';
import type { DraftPassage } from './course-text';
import { draftQuestions, fingerprintOf } from './drafter';
import { contentStems, jaccard } from './words';

const passagesOf = (slides: readonly DeckSlide[]): DraftPassage[] =>
  slides.map((slide, index) => ({
    id: `slide-${index + 1}`,
    heading: slide.title,
    text: slideText(slide),
    videoId: 'lesson',
    materialId: null,
    startSeconds: index * 30,
    endSeconds: (index + 1) * 30,
    page: null,
  }));
const WATER = passagesOf(WATER_CYCLE_SLIDES);
const SOLAR = passagesOf(HINDI_SOLAR_SLIDES);

describe('draftQuestions', () => {
  it('cites a sentence of its passage, said inside that passage’s seconds', async () => {
    const drafts = await draftQuestions({ passages: WATER, language: 'en', count: 20 });
    expect(drafts).toHaveLength(20);
    for (const draft of drafts) {
      const passage = WATER.find((candidate) => candidate.text === draft.passageText);
      expect(passage, draft.prompt).toBeDefined();
      if (draft.type !== 'multiple') expect(passage?.text).toContain(draft.sentence);
      expect(draft.videoSeconds).toBeGreaterThanOrEqual(passage?.startSeconds ?? 0);
      expect(draft.videoSeconds).toBeLessThanOrEqual(passage?.endSeconds ?? 0);
    }
  });

  it('never offers a wrong option the sentence says, nor the answer twice', async () => {
    const drafts = await draftQuestions({ passages: WATER, language: 'en', count: 30 });
    for (const draft of drafts.filter((candidate) => candidate.type === 'single')) {
      const right = draft.options.filter((option) => option.correct);
      expect(right).toHaveLength(1);
      const words = ` ${draft.sentence.toLowerCase()} `;
      for (const option of draft.options.filter((candidate) => !candidate.correct)) {
        expect(words).not.toContain(` ${option.text.toLowerCase()} `);
        expect(option.text.toLowerCase()).not.toBe(right[0]?.text.toLowerCase());
      }
      // "a"/"an" before the blank would give the answer away.
      expect(draft.prompt).not.toMatch(/\ban? _____/u);
    }
    for (const draft of drafts.filter(
      (candidate) => candidate.type === 'true_false' && !candidate.trueFalseAnswer,
    )) {
      // A false statement is not what the course says anywhere.
      expect(WATER.some((passage) => passage.text.includes(draft.prompt))).toBe(false);
      expect(draft.prompt).not.toMatch(/\ban [^aeiouAEIOU\s]/u);
    }
  });

  it('asks what a defined term is called, and takes the term as the typed answer', async () => {
    const drafts = await draftQuestions({ passages: WATER, language: 'en', count: 30 });
    const definitions = drafts.filter((draft) => draft.form === 'definition');
    const condensation = drafts.find((draft) => draft.answerTerm === 'condensation');
    expect(condensation).toBeDefined();
    for (const draft of definitions) {
      expect(draft.prompt).toMatch(/^What (?:is|are) .+ called\??/u);
      expect(draft.prompt.toLowerCase()).not.toContain(draft.answerTerm.toLowerCase());
      expect(draft.acceptedAnswers).toContain(draft.answerTerm.replace(/^(?:an?|the) /iu, ''));
    }
  });

  it('offers no two drafts that ask the same, nor one the quiz already has', async () => {
    const first = await draftQuestions({ passages: WATER, language: 'en', count: 20 });
    const stems = first.map((draft) => contentStems(`${draft.prompt} ${draft.answerTerm}`, 'en'));
    for (let i = 0; i < stems.length; i += 1) {
      for (let j = i + 1; j < stems.length; j += 1) {
        expect(
          jaccard(stems[i] as Set<string>, stems[j] as Set<string>),
          `${first[i]?.prompt} / ${first[j]?.prompt}`,
        ).toBeLessThan(0.6);
      }
    }
    const existing = first.slice(0, 5).map((draft) => draft.prompt);
    const excluded = new Set(first.slice(5).map((draft) => draft.fingerprint));
    const second = await draftQuestions({
      passages: WATER,
      language: 'en',
      count: 20,
      existingPrompts: existing,
      excluded,
    });
    for (const draft of second) {
      expect(excluded.has(draft.fingerprint)).toBe(false);
      expect(existing).not.toContain(draft.prompt);
    }
  });

  it('gives the same question in another wording the same fingerprint', () => {
    const sentence = 'This change from gas to liquid is called condensation.';
    expect(fingerprintOf('single', 'condensation', sentence, 'en')).toBe(
      fingerprintOf('short', 'Condensation', sentence, 'en'),
    );
    expect(fingerprintOf('single', 'condensation', sentence, 'en')).not.toBe(
      fingerprintOf('true_false', 'condensation', sentence, 'en'),
    );
  });

  it('drafts "more like this" from the same passage first', async () => {
    const sentence = 'Plants also release water vapour.';
    const drafts = await draftQuestions({
      passages: WATER,
      language: 'en',
      count: 2,
      like: { sentence, type: 'short' },
    });
    expect(drafts[0]?.heading).toBe('Transpiration');
  });

  it('drafts Hindi from Hindi: a named term, no sentence that leans on the one before', async () => {
    const drafts = await draftQuestions({ passages: SOLAR, language: 'hi', count: 20 });
    expect(drafts.length).toBeGreaterThanOrEqual(15);
    for (const draft of drafts) {
      expect(draft.sentence).not.toMatch(/^(?:यह|ये|वह|वे|इस|उस)\s/u);
    }
    const named = await draftQuestions({ passages: SOLAR, language: 'hi', count: 40 });
    expect(named.map((draft) => draft.answerTerm)).toEqual(expect.arrayContaining(['लाल ग्रह']));
    const fill = named.find((draft) => draft.form === 'fill_blank');
    expect(fill?.prompt.startsWith('रिक्त स्थान भरें:')).toBe(true);
  });

  it('drafts nothing from text with nothing to ask', async () => {
    const empty = await draftQuestions({
      passages: [{ ...(WATER[0] as DraftPassage), text: 'Welcome!' }],
      language: 'en',
      count: 10,
    });
    expect(empty).toEqual([]);
  });
});
