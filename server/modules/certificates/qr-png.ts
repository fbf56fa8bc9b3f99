import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

/**
 * A certificate's QR code as a PNG: black modules on white, an 8-bit greyscale image without alpha that pdfkit
 * embeds as it is (image-sizes.ts pdfReadyPngSize) and that a scanner, or a test reading the PDF's image back,
 * decodes. Error correction M (still scans printed small or slightly soiled), a quiet zone of 4 modules as the
 * QR standard asks.
 */
export const QR_BORDER_MODULES = 4;
export const QR_PIXELS_PER_MODULE = 8;

export interface QrPng {
  png: Buffer;
  /** Modules across, the quiet zone included. */
  modules: number;
  /** Pixels across (the image is square). */
  pixels: number;
}

export function qrPng(
  text: string,
  pixelsPerModule = QR_PIXELS_PER_MODULE,
  border = QR_BORDER_MODULES,
): QrPng {
  const { size, data } = encode(text, { ecc: 'M', border });
  const pixels = size * pixelsPerModule;
  // Each scanline is a filter byte (0, none) and one byte per pixel; every module row is the same line
  // pixelsPerModule times.
  const stride = pixels + 1;
  const raw = Buffer.alloc(stride * pixels);
  const line = Buffer.alloc(stride);
  data.forEach((row, y) => {
    line[0] = 0;
    row.forEach((dark, x) => {
      line.fill(dark ? 0 : 255, 1 + x * pixelsPerModule, 1 + (x + 1) * pixelsPerModule);
    });
    for (let repeat = 0; repeat < pixelsPerModule; repeat++)
      line.copy(raw, (y * pixelsPerModule + repeat) * stride);
  });
  return { png: greyscalePng(pixels, pixels, raw), modules: size, pixels };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of 8-bit grey pixels from its scanlines (each a filter byte, then `width` bytes). */
export function greyscalePng(width: number, height: number, scanlines: Buffer): Buffer {
  if (scanlines.length !== height * (width + 1)) throw new Error('The scanlines do not fill the image');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 0 (grey), compression 0, filter 0, no interlace.
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
