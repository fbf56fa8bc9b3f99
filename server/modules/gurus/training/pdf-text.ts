import { type PdfProcessLimits, runPdfProcess } from '../../../media/pdf-process';

/**
 * The text of each page of a PDF (index 0 = page 1), read in a child process (pdf-process.ts: no canvas, only
 * the text layer). Throws PdfProcessError when the bytes are not a readable PDF or the reader crashed, hung or
 * ran out of memory.
 */
export async function pdfPageTexts(bytes: Uint8Array, limits?: PdfProcessLimits): Promise<string[]> {
  const { pages } = await runPdfProcess(bytes, { task: 'text' }, limits);
  return pages.map((page) => page.text);
}
