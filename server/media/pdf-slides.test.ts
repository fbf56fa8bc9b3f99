import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { textInReadingOrder } from './pdf-pages';
import {
  convertPptxToPdf,
  PPTX_NEEDS_LIBREOFFICE,
  pptxSupport,
  readPdfSlides,
  SlideDeckError,
} from './pdf-slides';
import { writePdf } from './write-pdf';

/** A real PDF written with pdfkit: one page per entry, a title and bullet lines on a 4:3 page. */
function makePdf(pages: { title: string; lines: string[] }[], size: [number, number] = [960, 720]) {
  return writePdf({ size, margin: 48, autoFirstPage: false }, (doc) => {
    for (const page of pages) {
      doc.addPage();
      // The body is drawn before the title, so drawing order is not reading order.
      doc.font('Helvetica').fontSize(28);
      page.lines.forEach((line, index) => {
        doc.text(line, 60, 220 + index * 60, { lineBreak: false });
      });
      doc.font('Helvetica-Bold').fontSize(44).text(page.title, 60, 80, { lineBreak: false });
      doc.rect(size[0] - 160, size[1] - 160, 100, 100).fill('#1c7ed6');
    }
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const PAGES = [
  { title: 'Points and Lines', lines: ['A point has no size.', 'A line goes on forever.'] },
  { title: 'Angles', lines: ['Two rays meet at a vertex.', 'A right angle is 90 degrees.'] },
  { title: 'Triangles', lines: ['The angles add up to 180 degrees.'] },
];

let pdf: Buffer;
beforeAll(async () => {
  pdf = await makePdf(PAGES);
});

describe('readPdfSlides', () => {
  it('turns each page into a 1280×720 PNG and its text in reading order', async () => {
    const started = Date.now();
    const result = await readPdfSlides(pdf);
    console.info(`read a 3-page PDF in ${Date.now() - started} ms`);

    expect(result.pageCount).toBe(3);
    expect(result.slides.map((slide) => slide.page)).toEqual([1, 2, 3]);
    // The title apart; the body as sentences (slide-text.ts).
    expect(result.slides.map((slide) => slide.heading)).toEqual(PAGES.map((page) => page.title));
    expect(result.slides.map((slide) => slide.text)).toEqual(PAGES.map((page) => page.lines.join(' ')));
    for (const slide of result.slides) expect(pngSize(slide.image)).toEqual({ width: 1280, height: 720 });
  });

  it('letterboxes a 4:3 page on white and draws the page itself', async () => {
    const { slides } = await readPdfSlides(pdf, { width: 640 });
    expect(pngSize(slides[0].image)).toEqual({ width: 640, height: 360 });

    const { loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(slides[0].image);
    const canvas = createCanvas(640, 360);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixel = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data];
    // The 4:3 page is 480 px wide in the middle: 80 px of white bars on each side.
    expect(pixel(10, 180)).toEqual([255, 255, 255, 255]);
    expect(pixel(630, 180)).toEqual([255, 255, 255, 255]);
    // The blue square near the page's bottom-right corner (page x 800–900, y 560–660 of 960×720, scale 0.5).
    const [red, green, blue] = pixel(80 + 425, 305);
    expect(blue).toBeGreaterThan(180);
    expect(red).toBeLessThan(80);
    expect(green).toBeLessThan(160);
  });

  it('refuses a file that is not a PDF by its bytes, whatever its name', async () => {
    const png = createCanvas(8, 8).toBuffer('image/png');
    const failure = readPdfSlides(png);
    await expect(failure).rejects.toBeInstanceOf(SlideDeckError);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_PDF', kind: 'input' });
    await expect(readPdfSlides(new Uint8Array())).rejects.toMatchObject({ code: 'INVALID_PDF' });
  });

  it('refuses a deck over the slide limit with the spec text', async () => {
    const failure = readPdfSlides(pdf, { maxPages: 2 });
    await expect(failure).rejects.toMatchObject({ code: 'SLIDE_LIMIT', message: 'Slide limit exceeded' });
    expect((await readPdfSlides(pdf, { maxPages: 3 })).slides).toHaveLength(3);
  });

  it('gives a clear error for a damaged PDF', async () => {
    const truncated = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not really a pdf\n')]);
    const failure = readPdfSlides(truncated);
    await expect(failure).rejects.toMatchObject({ code: 'PDF_UNREADABLE', kind: 'input' });
    await expect(failure).rejects.toThrow(/cannot be read/);
  });

  it('gives a clear error for a password-protected PDF', async () => {
    const locked = await writePdf(
      { userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' },
      (doc) => {
        doc.text('Locked');
      },
    );
    const failure = readPdfSlides(locked);
    await expect(failure).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
    await expect(failure).rejects.toThrow(/password/);
  });
});

describe('textInReadingOrder', () => {
  it('reads lines top to bottom and runs left to right, spacing separated runs', () => {
    const run = (str: string, x: number, y: number, width = str.length * 6) => ({
      str,
      transform: [12, 0, 0, 12, x, y],
      width,
      height: 12,
    });
    expect(
      textInReadingOrder([
        run('second', 10, 100),
        run('Title', 10, 200),
        run('line', 60, 101),
        run(' ', 0, 50),
      ]),
    ).toBe('Title\nsecond line');
    // Runs that touch (kerned pieces of one word) are not split by a space.
    expect(textInReadingOrder([run('Geo', 10, 100, 18), run('metry', 28, 100)])).toBe('Geometry');
  });
});

describe('PPTX', () => {
  it('reports whether LibreOffice is installed', () => {
    const support = pptxSupport();
    expect(typeof support.available).toBe('boolean');
    expect(pptxSupport('soffice-not-installed-anywhere')).toEqual({
      available: false,
      message: PPTX_NEEDS_LIBREOFFICE,
    });
  });

  it('refuses PPTX without LibreOffice, saying to upload a PDF', async () => {
    const failure = convertPptxToPdf(Buffer.from('PK\x03\x04rest'), {
      binary: 'soffice-not-installed-anywhere',
    });
    await expect(failure).rejects.toMatchObject({ code: 'PPTX_UNSUPPORTED' });
    await expect(failure).rejects.toThrow(/LibreOffice.*PDF/);
  });
});
