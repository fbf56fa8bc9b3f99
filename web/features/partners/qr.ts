import { encode } from 'uqr';

/** A QR code as a square of modules (`true` is dark), with a quiet zone of `border` modules around it. */
export interface QrMatrix {
  size: number;
  dark: boolean[][];
}

/** Encodes a link (error correction M: still scans when printed small or slightly damaged). */
export function qrMatrix(text: string, border = 2): QrMatrix {
  const result = encode(text, { ecc: 'M', border });
  return { size: result.size, dark: result.data };
}

/** One SVG path drawing every dark module as a unit square, so the SVG stays a few kB for any link. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  matrix.dark.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/**
 * Draws the code as a PNG (black on white, whatever the page's theme, so any scanner reads it):
 * `scale` pixels per module. Resolves to the image as a Blob.
 */
export function qrPng(matrix: QrMatrix, scale = 12): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = matrix.size * scale;
  canvas.height = matrix.size * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the QR code'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  matrix.dark.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) context.fillRect(x * scale, y * scale, scale, scale);
    });
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The QR code could not be saved'))),
      'image/png',
    ),
  );
}
