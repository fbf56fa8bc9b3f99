import { describe, expect, it } from 'vitest';
import { readPdfSlides } from './pdf-slides';
import { cleanText, slideTexts } from './slide-text';
import { writePdf } from './write-pdf';

const line = (text: string, size = 24) => ({ text, size });

describe('slideTexts', () => {
  it('keeps the title apart, reflows hard line breaks and mends hyphenated words', () => {
    const [slide] = slideTexts([
      [
        line('Why Ice Floats', 40),
        line('Water expands when it freezes, so the same mass takes up more'),
        line('room and ice is less dense than the liquid water be-'),
        line('neath it. By mid-'),
        line('October the pond is frozen, at minus 5 °C, one of the coldest days of the mid-'),
        line('1900s.'),
      ],
    ]);
    expect(slide).toEqual({
      heading: 'Why Ice Floats',
      // A capital or a digit after the break keeps the compound's hyphen ("mid-October", "mid-1900s").
      narration:
        'Water expands when it freezes, so the same mass takes up more room and ice is less dense than the liquid water beneath it. By mid-October the pond is frozen, at minus 5 °C, one of the coldest days of the mid-1900s.',
    });
  });

  it('keeps no character that is not text: NUL, controls, private-use glyphs, soft hyphens (issue 32)', () => {
    const [slide] = slideTexts([
      [
        line('\u0000\uE012', 40),
        line('प्रकाश संश्लेषण\u0000', 40),
        line('पौधे सूर्य के प्रकाश से भोजन\u00ad बनाते हैं\uE000।\u0007'),
      ],
    ]);
    expect(slide).toEqual({ heading: 'प्रकाश संश्लेषण', narration: 'पौधे सूर्य के प्रकाश से भोजन बनाते हैं।' });
    expect(JSON.stringify(slide)).not.toMatch(/\\u0000|\\u0007/);
    // Joiners shape Indic clusters and stay; decomposed text is composed.
    expect(cleanText('क्\u200dष')).toBe('क्\u200dष');
    expect(cleanText('e\u0301')).toBe('é');
  });

  it('turns bullets and short lines into sentences, without their bullet signs', () => {
    const [slide] = slideTexts([
      [
        line('States of matter', 36),
        line('Three states:'),
        line('• Solids keep their shape'),
        line('• Liquids take the shape of their container'),
        line('- Gases fill any space'),
        line('1. Plasma is the fourth state'),
      ],
    ]);
    expect(slide.heading).toBe('States of matter');
    expect(slide.narration).toBe(
      'Three states: Solids keep their shape. Liquids take the shape of their container. Gases fill any space. Plasma is the fourth state.',
    );
  });

  it('drops page numbers and the lines repeated on most pages (running headers and footers)', () => {
    const footer = (n: number) => [line('Physics 101 · Unit 2', 10), line(`${n} / 4`, 10)];
    const slides = slideTexts([
      [line('Physics 101 · Unit 2', 44), line('Heat and matter', 28)],
      [line('Melting', 40), line('Heat turns a solid into a liquid.'), ...footer(2)],
      [line('Boiling', 40), line('Heat turns a liquid into a gas.'), ...footer(3)],
      [line('Page 4', 10), line('Summary', 40), line('Heat changes the state of matter.'), ...footer(4)],
    ]);
    // The deck title is kept on its own title slide, where it is the title.
    expect(slides[0]).toEqual({ heading: 'Physics 101 · Unit 2', narration: 'Heat and matter.' });
    expect(slides.slice(1)).toEqual([
      { heading: 'Melting', narration: 'Heat turns a solid into a liquid.' },
      { heading: 'Boiling', narration: 'Heat turns a liquid into a gas.' },
      { heading: 'Summary', narration: 'Heat changes the state of matter.' },
    ]);
  });

  it('finds a title set in the body size when it is short, unpunctuated and the body starts afresh', () => {
    const [titled, wrapped, alone] = slideTexts([
      [line('Newton’s first law'), line('An object keeps moving unless a force acts on it.')],
      [line('An object keeps moving in a straight line'), line('unless a force acts on it.')],
      [line('Questions?', 40)],
    ]);
    expect(titled).toEqual({
      heading: 'Newton’s first law',
      narration: 'An object keeps moving unless a force acts on it.',
    });
    expect(wrapped).toEqual({
      heading: '',
      narration: 'An object keeps moving in a straight line unless a force acts on it.',
    });
    // A title-only slide is narrated by its title.
    expect(alone).toEqual({ heading: 'Questions?', narration: 'Questions?' });
  });
});

/** A real deck: title, a paragraph wrapped by pdfkit at the page width, a footer and page numbers. */
function makeDeck(): Promise<Buffer> {
  return writePdf({ size: [960, 540], margin: 48, autoFirstPage: false }, (doc) => {
    const bodies = [
      'Photosynthesis is how green plants make their own food from sunlight, water and carbon dioxide, giving off oxygen as they do.',
      'Chlorophyll is the green pigment inside the chloroplasts that absorbs red and blue light and reflects green light back to our eyes.',
      'Stomata are tiny pores on the underside of a leaf that open to let carbon dioxide in and close to keep water from escaping.',
    ];
    ['Photosynthesis', 'Chlorophyll', 'Stomata'].forEach((title, index) => {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(40).text(title, 60, 50, { lineBreak: false });
      doc.font('Helvetica').fontSize(26).text(bodies[index], 60, 140, { width: 560 });
      doc.fontSize(12).text('Biology · Plants', 60, 500, { lineBreak: false });
      doc.fontSize(12).text(String(index + 1), 880, 500, { lineBreak: false });
    });
  });
}

describe('a real PDF deck', () => {
  it('comes out as titles and whole sentences, with no footer, page number or line break', async () => {
    const deck = await readPdfSlides(await makeDeck());
    expect(deck.slides.map((slide) => slide.heading)).toEqual(['Photosynthesis', 'Chlorophyll', 'Stomata']);
    expect(deck.slides[0].text).toBe(
      'Photosynthesis is how green plants make their own food from sunlight, water and carbon dioxide, giving off oxygen as they do.',
    );
    for (const slide of deck.slides) {
      expect(slide.text).not.toMatch(/\n|Biology|\b[123]\s*$/);
      expect(slide.text).toMatch(/^[A-Z].*\.$/);
    }
  });
});
