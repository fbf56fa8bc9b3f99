import { inflateSync } from 'node:zlib';
import { runPdfProcess } from '../media/pdf-process';

/**
 * The text of a PDF as a reader would see it: pdfjs's text layer, read the way the app reads uploaded PDFs
 * (server/media/pdf-process.ts, in a child process), pages joined by a blank line.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { pages } = await runPdfProcess(pdf, { task: 'text' });
  return pages.map((page) => page.text).join('\n\n');
}

/** The names of the fonts that are embedded (Type0 with a ToUnicode CMap): what a test can assert on. */
export function embeddedFontNames(pdf: Buffer): string[] {
  const source = contentOf(pdf);
  return [...source.matchAll(/\/Subtype \/Type0[\s\S]*?\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]);
}

/** The whole file as latin1 with every Flate-compressed stream inflated in place. */
function contentOf(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return source.replace(/stream\r?\n([\s\S]*?)\r?\nendstream/g, (whole, data: string) => {
    try {
      return `stream\n${inflateSync(Buffer.from(data, 'latin1')).toString('latin1')}\nendstream`;
    } catch {
      return whole;
    }
  });
}
