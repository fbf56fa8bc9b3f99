import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** A PDF's text as Poppler's pdftotext reads it (whole Indic clusters in logical order; decision 066), on one line. */
export function popplerText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gurukul-pdf-'));
  try {
    const file = path.join(dir, 'read.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
