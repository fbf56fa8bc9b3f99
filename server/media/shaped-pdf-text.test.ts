import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDeckPdf } from '../seed/demo-deck';
import { deckPdf } from '../test/fixtures/water-cycle-deck';
import { embeddedFontNames, pdfText } from '../test/pdf-text';
import { DEJAVU_SANS, type IndicScript, notoFile, registerShapedFont, scriptOf } from './shaped-pdf-text';
import { writePdf } from './write-pdf';

// The proof asked for by issue 32 item 2 (decision 066): text drawn into a PDF through shaped-pdf-text.ts,
// rasterised by Poppler (pdftoppm), matches the same text drawn by HarfBuzz's own hb-view in the same font at
// the same size, and reads back exactly with pdftotext. Both tools come from poppler-utils and libharfbuzz-bin.

const LINES: [string, IndicScript][] = [
  ['श्रीमती क्षितिज प्रिया', 'Devanagari'],
  ['தமிழ் கற்றல் நிலையம்', 'Tamil'],
  ['বাংলা শিক্ষা কেন্দ্র', 'Bengali'],
  ['ਪੰਜਾਬੀ ਸਿੱਖਿਆ ਕੇਂਦਰ', 'Gurmukhi'],
];
/** Points at 72 dpi are pixels, the size hb-view draws at. */
const SIZE = 48;
/** Ink pixels of either image with no ink within one pixel in the other, as a share of all ink: at most this. */
const BOUND = 0.02;

const dir = mkdtempSync(path.join(tmpdir(), 'shaped-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

interface Ink {
  width: number;
  height: number;
  on: Uint8Array;
}

/** The dark pixels of a PNG, cropped to their bounding box (the two renderers place text differently). */
async function inkOf(png: string): Promise<Ink> {
  const image = await loadImage(readFileSync(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const dark = (x: number, y: number) => data[(y * image.width + x) * 4] < 128;
  let [left, top, right, bottom] = [image.width, image.height, -1, -1];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (dark(x, y))
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), y];
  const width = right - left + 1;
  const height = bottom - top + 1;
  const on = new Uint8Array(Math.max(0, width * height));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) on[y * width + x] = dark(x + left, y + top) ? 1 : 0;
  return { width, height, on };
}

/** The share of ink in `a` or `b` that has no ink within one pixel in the other (0 = the same drawing). */
function inkDifference(a: Ink, b: Ink): number {
  const near = (ink: Ink, x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx >= 0 && ny >= 0 && nx < ink.width && ny < ink.height && ink.on[ny * ink.width + nx])
          return true;
      }
    return false;
  };
  let unmatched = 0;
  let total = 0;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ])
    for (let y = 0; y < from.height; y++)
      for (let x = 0; x < from.width; x++)
        if (from.on[y * from.width + x]) {
          total++;
          if (!near(to, x, y)) unmatched++;
        }
  return total === 0 ? 1 : unmatched / total;
}

/** A one-line page drawn by `draw`, rasterised at 72 dpi, and its text as pdftotext reads it. */
async function drawn(draw: (doc: PDFKit.PDFDocument) => void): Promise<{ ink: Ink; text: string }> {
  const base = path.join(dir, `pdf-${++files}`);
  writeFileSync(`${base}.pdf`, await writePdf({ size: [1000, 120], margin: 0 }, draw));
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', '-singlefile', `${base}.pdf`, base]);
  const text = execFileSync('pdftotext', [`${base}.pdf`, '-'], { encoding: 'utf8' });
  return { ink: await inkOf(`${base}.png`), text: text.trim() };
}

/** The line as HarfBuzz draws it (hb-view); `fallback` turns its OpenType shaping off (nominal glyphs only). */
async function hbView(text: string, script: IndicScript, fallback = false): Promise<Ink> {
  const png = path.join(dir, `hb-${++files}.png`);
  const shapers = fallback ? ['--shapers=fallback'] : [];
  execFileSync('hb-view', [
    ...shapers,
    `--font-size=${SIZE}`,
    '--margin=0',
    '-O',
    'png',
    '-o',
    png,
    notoFile(script, 'regular'),
    text,
  ]);
  return inkOf(png);
}

const shapedLine = (text: string, notoDir?: string) =>
  drawn((doc) => {
    registerShapedFont(doc, 'Body', { base: DEJAVU_SANS.regular, weight: 'regular', notoDir });
    doc.font('Body').fontSize(SIZE).text(text, 20, 20, { lineBreak: false });
  });

describe('PDF text shaped by HarfBuzz', () => {
  for (const [line, script] of LINES)
    it(`draws "${line}" (${script}) as hb-view does, and pdftotext reads it back exactly`, async () => {
      const [pdf, reference] = await Promise.all([shapedLine(line), hbView(line, script)]);
      expect(inkDifference(pdf.ink, reference)).toBeLessThanOrEqual(BOUND);
      expect(pdf.text).toBe(line);
    });

  it('the bound fails unshaped text: nominal glyphs, and the invoice font of before (DejaVu Sans, no Devanagari)', async () => {
    const [line, script] = LINES[0];
    const reference = await hbView(line, script);
    // HarfBuzz's fallback shaper: the same glyphs the code points map to, no conjuncts, the ि after its consonant.
    expect(inkDifference(await hbView(line, script, true), reference)).toBeGreaterThan(BOUND * 5);
    // What invoices did before: pdfkit with DejaVu Sans alone, which has no Devanagari (empty boxes).
    const before = await drawn((doc) => doc.font(DEJAVU_SANS.regular).fontSize(SIZE).text(line, 20, 20));
    expect(inkDifference(before.ink, reference)).toBeGreaterThan(BOUND * 5);
  });

  it('pdfkit’s own layout (fontkit) with the Noto font draws the same glyphs but reads back out of order', async () => {
    // fontkit 2 places these glyphs as HarfBuzz does; its ToUnicode map, one text per glyph, gives the pre-base
    // vowel sign before its consonant ("िक्षितज"), so a Hindi invoice's name could not be copied or searched.
    const [line, script] = LINES[0];
    const fontkit = await drawn((doc) =>
      doc.font(notoFile(script, 'regular')).fontSize(SIZE).text(line, 20, 20),
    );
    expect(inkDifference(fontkit.ink, await hbView(line, script))).toBeLessThanOrEqual(BOUND);
    expect(fontkit.text).not.toBe(line);
    expect(fontkit.text).toContain('िक्षितज');
  });

  it('draws a line of several scripts in one call, each in its font, on one baseline', async () => {
    const line = 'Billed to श्रीमती क्षितिज, தமிழ் — ₹1,180.00 ।';
    const pdf = await shapedLine(line);
    expect(pdf.text).toBe(line);
    // One line: the Noto runs sit on DejaVu's baseline, not a line of their own.
    expect(pdf.ink.height).toBeLessThan(SIZE * 1.6);
  });

  it('draws a danda after English words in the Devanagari font (the base font has none)', async () => {
    const pdf = await writePdf({ size: 'A4', compress: false }, (doc) => {
      registerShapedFont(doc, 'Body', { base: DEJAVU_SANS.regular, weight: 'regular' });
      doc.font('Body').fontSize(SIZE).text('Tara Teacher।', 20, 20, { lineBreak: false });
    });
    expect(embeddedFontNames(pdf).some((name) => name.includes('NotoSansDevanagari'))).toBe(true);
  });

  it('shapes Arabic and Hebrew names right to left in the base font, and they read back exactly', async () => {
    for (const name of ['مرحبا بالعالم', 'שלום עולם']) {
      const pdf = await shapedLine(name);
      // Poppler marks a right-to-left stretch with embedding controls (U+202B … U+202C).
      expect(pdf.text.replace(/[\u202a-\u202e]/gu, '')).toBe(name);
    }
  });

  it('a missing Noto family leaves its script to the base font: empty boxes, the text still extracts', async () => {
    const [line, script] = LINES[0];
    const pdf = await shapedLine(line, path.join(dir, 'no-noto-here'));
    expect(pdf.text).toBe(line);
    expect(inkDifference(pdf.ink, await hbView(line, script))).toBeGreaterThan(BOUND * 5);
  });

  it('registers nothing when the base font is missing, so the caller keeps its built-in fallback', async () => {
    await writePdf({}, (doc) => {
      expect(registerShapedFont(doc, 'Body', { base: '/no/such/font.ttf', weight: 'regular' })).toBe(false);
    });
  });

  it('knows each character’s script: joiners, danda, digits and spaces are neutral', () => {
    expect(scriptOf('م')).toBe('rtl');
    expect(scriptOf('क')).toBe('Devanagari');
    expect(scriptOf('த')).toBe('Tamil');
    expect(scriptOf('ਪ')).toBe('Gurmukhi');
    expect(scriptOf('A')).toBe('other');
    for (const char of ['\u200d', '\u200c', '।', '1', ' ', '₹']) expect(scriptOf(char)).toBe('neutral');
  });
});

describe('the PDF writers draw Indic text shaped', () => {
  it('the test deck writer (a Hindi deck) and the demo deck writer read back exactly', async () => {
    const slides = [
      { title: 'सौर मंडल', body: ['सूर्य एक तारा है।', 'पृथ्वी तीसरा ग्रह है।'] },
      { title: 'ग्रह', body: 'बृहस्पति सबसे बड़ा ग्रह है।' },
    ];
    const deck = path.join(dir, 'deck.pdf');
    writeFileSync(deck, await deckPdf(slides, 'विज्ञान · इकाई 1'));
    const deckText = execFileSync('pdftotext', [deck, '-'], { encoding: 'utf8' });
    for (const line of [
      'सौर मंडल',
      'सूर्य एक तारा है।',
      'पृथ्वी तीसरा ग्रह है।',
      'बृहस्पति सबसे बड़ा ग्रह है।',
      'विज्ञान · इकाई 1',
    ])
      expect(deckText).toContain(line);
    const demo = path.join(dir, 'demo.pdf');
    const pdf = await makeDeckPdf({
      title: 'त्रिभुज',
      slides: [{ heading: 'त्रिभुज की तीन भुजाएँ', bullets: ['क्षेत्रफल'], narration: '', draw: () => {} }],
    });
    writeFileSync(demo, pdf);
    const demoText = execFileSync('pdftotext', [demo, '-'], { encoding: 'utf8' });
    expect(demoText).toContain('त्रिभुज की तीन भुजाएँ');
    expect(demoText).toContain('• क्षेत्रफल');
    // pdfjs, the app's other PDF reader, reads the same text in the same order.
    const read = await pdfText(
      await deckPdf([{ title: 'श्रीमती क्षितिज प्रिया', body: 'கற்றல் শিক্ষা ਸਿੱਖਿਆ' }], 'x'),
    );
    expect(read).toBe('श्रीमती क्षितिज प्रिया கற்றல் শিক্ষা ਸਿੱਖਿਆ');
  });
});
