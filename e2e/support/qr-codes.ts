import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';

/**
 * Reading a certificate's QR code as a phone would (decision 079): the PDF embeds the code as a PNG image, which
 * Poppler's `pdfimages` writes out and jsQR decodes. The same decoder as server/modules/certificates/pdf.test.ts.
 */

/** The text of a QR code in a picture, or null when there is none. */
export async function qrIn(png: Buffer): Promise<string | null> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  // On white: a transparent background would read as black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return jsQR(data, image.width, image.height)?.data ?? null;
}

/** The images embedded in a PDF as PNG files, in Poppler's order (an image's soft mask is an image of its own). */
export function embeddedImages(pdf: Buffer): Buffer[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gurukul-e2e-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdfimages', ['-png', file, path.join(dir, 'image')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(path.join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every QR code found among a PDF's embedded images. */
export async function qrCodesInPdf(pdf: Buffer): Promise<string[]> {
  const found = await Promise.all(embeddedImages(pdf).map(qrIn));
  return found.filter((text): text is string => text !== null);
}
