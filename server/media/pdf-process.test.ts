import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PdfProcessLimits, runPdfProcess } from './pdf-process';
import { readPdfSlides, SlideDeckError } from './pdf-slides';
import { writePdf } from './write-pdf';

/** A real two-page PDF with text, written with pdfkit. */
function makePdf() {
  return writePdf({ size: [960, 540], margin: 48 }, (doc) => {
    doc.fontSize(40).text('Circles are round.');
    doc.addPage().fontSize(40).text('A radius is half a diameter.');
  });
}

let pdf: Buffer;
beforeAll(async () => {
  pdf = await makePdf();
});

// The hook the PDF child honours under NODE_ENV=test, standing in for a native crash, a hang or a leak.
const fault = (kind: 'crash' | 'hang' | 'oom' | `crash-until:${string}:${number}`) => {
  process.env.GURUKUL_TEST_PDF_FAULT = kind;
};
afterEach(() => {
  delete process.env.GURUKUL_TEST_PDF_FAULT;
});

const LIMITS: PdfProcessLimits = { timeoutMs: 60_000, memoryMb: 1024 };

/** The rejection of a promise that must reject, and how long it took. */
async function failureOf(promise: Promise<unknown>): Promise<{ error: SlideDeckError; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => expect.unreachable('the PDF was read despite the fault'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SlideDeckError);
  return { error: error as SlideDeckError, ms: Date.now() - started };
}

// Each case starts child processes; on a busy machine that takes seconds.
describe('PDF reading in a child process', { timeout: 90_000 }, () => {
  it('reads a real PDF: text of both pages and their PNGs, passed back through files', async () => {
    const started = Date.now();
    const { pageCount, slides } = await readPdfSlides(pdf, { width: 640, limits: LIMITS });
    console.info(`child process read a 2-page PDF in ${Date.now() - started} ms`);
    expect(pageCount).toBe(2);
    expect(slides.map((slide) => slide.text)).toEqual(['Circles are round.', 'A radius is half a diameter.']);
    for (const slide of slides) expect(slide.image.readUInt32BE(16)).toBe(640);
    // The text task (guru training) needs no canvas and gives flowing text.
    const texts = await runPdfProcess(pdf, { task: 'text' }, LIMITS);
    expect(texts.pages.map((page) => [page.page, page.text, page.image])).toEqual([
      [1, 'Circles are round.', undefined],
      [2, 'A radius is half a diameter.', undefined],
    ]);
  });

  it('a renderer that crashes fails the PDF with a clear message; this process lives on', async () => {
    fault('crash');
    const { error } = await failureOf(readPdfSlides(pdf, { limits: LIMITS }));
    expect(error.code).toBe('PDF_RENDER_FAILED');
    expect(error.kind).toBe('input');
    expect(error.message).toBe(
      'This PDF could not be read: the page renderer stopped on it. Please export it again and upload the new copy.',
    );
    expect(error.detail).toMatch(/signal SIGABRT/);

    delete process.env.GURUKUL_TEST_PDF_FAULT;
    expect((await readPdfSlides(pdf, { width: 320, limits: LIMITS })).slides).toHaveLength(2);
  });

  it('a renderer that dies now and then is tried again, up to three times, before the PDF is refused', async () => {
    const tally = path.join(mkdtempSync(path.join(os.tmpdir(), 'gurukul-pdf-crashes-')), 'crashes');
    fault(`crash-until:${tally}:2`);
    expect((await readPdfSlides(pdf, { width: 320, limits: LIMITS })).slides).toHaveLength(2);
    expect(readFileSync(tally, 'utf8').split('\n')).toHaveLength(3);

    rmSync(tally);
    fault(`crash-until:${tally}:3`);
    const { error } = await failureOf(readPdfSlides(pdf, { limits: LIMITS }));
    expect(error.code).toBe('PDF_RENDER_FAILED');
    expect(error.detail).toMatch(/signal SIGABRT/);
    rmSync(path.dirname(tally), { recursive: true, force: true });
  });

  it('a renderer that hangs is stopped after the time limit', async () => {
    fault('hang');
    const { error, ms } = await failureOf(readPdfSlides(pdf, { limits: { ...LIMITS, timeoutMs: 6_000 } }));
    expect(error.code).toBe('PDF_RENDER_FAILED');
    expect(error.message).toMatch(/^This PDF could not be read: a page took longer than 6 s to draw\./);
    expect(error.detail).toMatch(/signal SIGKILL/);
    expect(ms).toBeGreaterThanOrEqual(6_000);
    expect(ms).toBeLessThan(20_000);
  });

  it('a renderer that runs out of memory is stopped at the cap', async () => {
    // The same cap reads the PDF fine: it is the leak that is stopped, not the child's normal use (about 100 MB).
    const capped: PdfProcessLimits = { ...LIMITS, memoryMb: 256 };
    expect((await readPdfSlides(pdf, { limits: capped })).slides).toHaveLength(2);

    fault('oom');
    const { error } = await failureOf(readPdfSlides(pdf, { limits: capped }));
    expect(error.code).toBe('PDF_RENDER_FAILED');
    expect(error.message).toMatch(
      /^This PDF could not be read: it needs more memory than one upload may use\./,
    );
    expect(error.detail).toMatch(/heap|resident memory over 256 MB/i);
  });

  it('the study-material text fails the same way, as a PdfProcessError', async () => {
    fault('crash');
    await expect(runPdfProcess(pdf, { task: 'text' }, LIMITS)).rejects.toMatchObject({
      name: 'PdfProcessError',
      code: 'CRASHED',
    });
  });
});
