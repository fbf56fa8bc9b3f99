import { type PdfProcessLimits, runPdfProcess } from '../../../media/pdf-process';
import { popplerPageTexts } from '../../../media/poppler-text';
import { cleanText } from '../../../media/slide-text';

/**
 * The text of each page of a PDF (index 0 = page 1), read in a child process (pdf-process.ts: no canvas, only
 * the text layer). Throws PdfProcessError when the bytes are not a readable PDF or the reader crashed, hung or
 * ran out of memory.
 */
export async function pdfPageTexts(bytes: Uint8Array, limits?: PdfProcessLimits): Promise<string[]> {
  const { pages, pageCount } = await runPdfProcess(bytes, { task: 'text' }, limits);
  // Poppler's text where it reads the file (Indic scripts: media/poppler-text.ts), else the reader's own.
  const poppler = await popplerPageTexts(
    bytes,
    limits,
    pages.map((page) => page.spaces),
  );
  // Only text reaches the database: NUL, controls and private-use glyphs of a PDF's font are dropped.
  return (poppler && poppler.length === pageCount ? poppler : pages.map((page) => page.text)).map(cleanText);
}
