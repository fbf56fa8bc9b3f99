import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromProjectRoot } from '../paths';
import { HINDI_SOLAR_SLIDES } from '../test/fixtures/hindi-deck/slides';
import { HINDI_1857_SLIDES } from '../test/fixtures/hindi-deck-2/slides';
import { HINDI_PLANT_NUTRITION_SLIDES } from '../test/fixtures/hindi-deck-3/slides';
import { HINDI_SOUND_SLIDES } from '../test/fixtures/hindi-deck-4/slides';
import { HINDI_DIGESTION_SLIDES } from '../test/fixtures/hindi-deck-5/slides';
import { HINDI_CONSTITUTION_SLIDES } from '../test/fixtures/hindi-deck-6/slides';
import { HINDI_AIR_SLIDES } from '../test/fixtures/hindi-deck-7/slides';
import type { DeckSlide } from '../test/fixtures/water-cycle-deck';
import { readPdfSlides } from './pdf-slides';

/** Devanagari words as written (letters and their signs, joiners kept: a word is what a reader sees whole). */
const devanagariWords = (text: string) => text.match(/[\u0900-\u0963\u0966-\u097f\u200c\u200d]+/gu) ?? [];

/**
 * Every Hindi deck Chromium printed, read back as the library reads an upload: each Devanagari word of the text
 * is a word the deck's author wrote. Poppler breaks some words where a mark is drawn with no advance ("ऊँ
 * चाई", "यकृ त"); the spaces the PDF draws say where words really end (poppler-text.ts).
 */
describe('Hindi decks read back whole', () => {
  const decks: [string, DeckSlide[]][] = [
    ['hindi-deck/solar-system-hi.pdf', HINDI_SOLAR_SLIDES],
    ['hindi-deck-2/revolt-1857-hi.pdf', HINDI_1857_SLIDES],
    ['hindi-deck-3/plant-nutrition-hi.pdf', HINDI_PLANT_NUTRITION_SLIDES],
    ['hindi-deck-4/sound-hi.pdf', HINDI_SOUND_SLIDES],
    ['hindi-deck-5/digestion-hi.pdf', HINDI_DIGESTION_SLIDES],
    ['hindi-deck-6/constitution-hi.pdf', HINDI_CONSTITUTION_SLIDES],
    ['hindi-deck-7/air-hi.pdf', HINDI_AIR_SLIDES],
  ];
  // Words pdftotext alone breaks in these decks: 60 of 826 (sound), 34 of 1,034 (digestion), 14 of 833 (the
  // Constitution), 21 of 834 (air). A few remain: a word ending in ू before a space pdfjs places inside the next
  // word ("शुरूहो"), a conjunct pdfjs reorders ("कें द्र").
  const AT_MOST_WRONG = 3;
  for (const [file, slides] of decks) {
    it(`${file}: the words as their author wrote them`, async () => {
      const written = new Set(
        slides.flatMap((slide) => devanagariWords(`${slide.title} ${[slide.body].flat().join(' ')}`)),
      );
      const read = await readPdfSlides(readFileSync(fromProjectRoot('server/test/fixtures', file)), {
        width: 320,
      });
      const words = read.slides.flatMap((slide) => devanagariWords(`${slide.heading} ${slide.text}`));
      expect(words.length).toBeGreaterThan(200);
      expect(words.filter((word) => !written.has(word)).length).toBeLessThanOrEqual(AT_MOST_WRONG);
    }, 60_000);
  }

  it('joins the words Poppler breaks at a mark drawn with no advance', async () => {
    const text = async (file: string) =>
      (
        await readPdfSlides(readFileSync(fromProjectRoot('server/test/fixtures', file)), { width: 320 })
      ).slides
        .map((slide) => `${slide.heading} ${slide.text}`)
        .join(' ');
    const air = await text('hindi-deck-7/air-hi.pdf');
    for (const word of ['ऊँचाई', 'अनुकूल', 'ठंडी']) expect(air).toContain(word);
    expect(air).not.toContain('ऊँ चाई');
    const digestion = await text('hindi-deck-5/digestion-hi.pdf');
    for (const word of ['यकृत', 'एंजाइम', 'फैलने', 'कुल']) expect(digestion).toContain(word);
  }, 60_000);
});
