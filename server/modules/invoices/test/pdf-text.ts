import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF: pdfkit writes each run as hex strings inside TJ arrays (WinAnsi
 * for the built-in fonts), so decoding those is enough for tests to check what a reader would see.
 */
export function pdfText(pdf: Buffer): string {
  const source = contentOf(pdf);
  const runs: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const hex = [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    runs.push(winAnsi(Buffer.from(hex, 'hex')));
  }
  return runs.join('\n');
}

/** The few WinAnsi bytes outside Latin-1 that invoices use (dashes). */
const WIN_ANSI: Record<number, string> = { 150: '–', 151: '—', 149: '•' };
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

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
