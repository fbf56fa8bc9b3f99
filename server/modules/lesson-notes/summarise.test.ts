import { describe, expect, it } from 'vitest';
import { deckCues } from '../../test/deck-lessons';
import { HINDI_SOLAR_SLIDES } from '../../test/fixtures/hindi-deck/slides';
import { type DeckSlide, WATER_CYCLE_SLIDES } from '../../test/fixtures/water-cycle-deck';
import { type DraftPassage, nounsAmong } from '../question-drafts/course-text';
import { draftLessonNotes, lessonTextHash, nounSenses } from './summarise';

const passagesOf = (slides: readonly DeckSlide[]): DraftPassage[] =>
  deckCues(slides).map((cue, index) => ({
    id: `lesson:${index}`,
    heading: cue.heading ?? '',
    text: cue.text,
    videoId: 'lesson',
    materialId: null,
    startSeconds: cue.startSeconds,
    endSeconds: cue.endSeconds,
    page: null,
  }));

async function notesOf(slides: readonly DeckSlide[], language: string) {
  const passages = passagesOf(slides);
  const nouns = await nounsAmong(passages.map((passage) => passage.text));
  return { passages, notes: draftLessonNotes(passages, language, nouns, await nounSenses(nouns)) };
}

/** Where a sentence is in the deck's narration, as the lesson says it (slide by slide, 30 s each). */
const slideOf = (passages: readonly DraftPassage[], text: string) =>
  passages.findIndex((passage) => passage.text.includes(text.split(' ').slice(0, 5).join(' ')));

describe('a lesson’s summary and key terms (issue 37, item 3)', () => {
  it('summarises the water cycle with its defining sentences, in the lesson’s order, each at its second', async () => {
    const { passages, notes } = await notesOf(WATER_CYCLE_SLIDES, 'en');
    expect(notes.summary.length).toBeGreaterThanOrEqual(3);
    expect(notes.summary.length).toBeLessThanOrEqual(7);
    const texts = notes.summary.map((line) => line.text);
    expect(
      texts.includes('This change from gas to liquid is called condensation.') ||
        texts.includes('This loss of water from leaves is called transpiration.'),
    ).toBe(true);
    const seconds = notes.summary.map((line) => line.seconds ?? -1);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    for (const line of notes.summary) {
      const slide = slideOf(passages, line.text);
      expect(slide, line.text).toBeGreaterThanOrEqual(0);
      expect(line.seconds).toBeGreaterThanOrEqual(slide * 30);
      expect(line.seconds).toBeLessThanOrEqual((slide + 1) * 30);
      // No sentence that leans on the one before it.
      expect(line.text).not.toMatch(/^(?:They|It|He|She)\b/);
    }
  });

  it('lists the water cycle’s terms alphabetically, each with the sentence that defines it and its second', async () => {
    const { notes } = await notesOf(WATER_CYCLE_SLIDES, 'en');
    expect(notes.glossary.length).toBeGreaterThanOrEqual(5);
    expect(notes.glossary.length).toBeLessThanOrEqual(15);
    const terms = notes.glossary.map((entry) => entry.term);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect(terms).toEqual([...terms].sort(collator.compare));
    const entry = (term: string) => notes.glossary.find((found) => found.term.toLowerCase() === term);
    expect(entry('condensation')).toMatchObject({
      explanation: 'This change from gas to liquid is called condensation.',
    });
    expect(entry('transpiration')).toMatchObject({
      explanation: 'This loss of water from leaves is called transpiration.',
    });
    expect(entry('aquifer')?.explanation).toContain('is called an aquifer');
    // Slides are 30 s each: condensation is the fourth slide, transpiration the third, collection the seventh.
    expect(entry('condensation')?.seconds).toBeGreaterThanOrEqual(90);
    expect(entry('condensation')?.seconds).toBeLessThanOrEqual(120);
    expect(entry('transpiration')?.seconds).toBeGreaterThanOrEqual(60);
    expect(entry('transpiration')?.seconds).toBeLessThanOrEqual(90);
    expect(entry('aquifer')?.seconds).toBeGreaterThanOrEqual(180);
    expect(entry('aquifer')?.seconds).toBeLessThanOrEqual(210);
  });

  it('does the same for a Hindi lesson', async () => {
    const { passages, notes } = await notesOf(HINDI_SOLAR_SLIDES, 'hi');
    const terms = notes.glossary.map((entry) => entry.term);
    expect(terms.some((term) => term === 'स्थलीय ग्रह' || term === 'लाल ग्रह')).toBe(true);
    const collator = new Intl.Collator('hi');
    expect(terms).toEqual([...terms].sort(collator.compare));
    const red = notes.glossary.find((entry) => entry.term === 'लाल ग्रह');
    expect(red?.explanation).toContain('मंगल को लाल ग्रह कहते हैं');
    expect(notes.summary.length).toBeGreaterThanOrEqual(3);
    const order = notes.summary.map((line) => slideOf(passages, line.text));
    expect(order.every((slide) => slide >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const line of notes.summary) expect(line.text).toMatch(/\p{Script=Devanagari}/u);
  });

  it('changes its hash with the lesson’s text, and drafts nothing from no text', () => {
    const passages = passagesOf(WATER_CYCLE_SLIDES);
    const changed = passages.map((passage, index) =>
      index === 2 ? { ...passage, text: `${passage.text} Trees cool the air.` } : passage,
    );
    expect(lessonTextHash(passages, 'en')).toBe(lessonTextHash(passagesOf(WATER_CYCLE_SLIDES), 'en'));
    expect(lessonTextHash(changed, 'en')).not.toBe(lessonTextHash(passages, 'en'));
    expect(draftLessonNotes([], 'en', new Set())).toEqual({ summary: [], glossary: [] });
  });
});
