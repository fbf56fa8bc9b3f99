import { crc32, inflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { pdfReadyPngSize } from '../../media/image-sizes';
import { greyscalePng, QR_BORDER_MODULES, QR_PIXELS_PER_MODULE, qrPng } from './qr-png';

const URL = 'https://gurukul.example.in/certificates/verify/GK-2025-7Q4M-X2PA';

/** The PNG's pixels as a decoder reads them (RGBA). */
async function pixelsOf(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}

/** The PNG's chunks, each with whether its CRC is right. */
function chunksOf(png: Buffer) {
  const chunks: { type: string; data: Buffer; crcOk: boolean }[] = [];
  for (let pos = 8; pos < png.length; ) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + length);
    const crcOk = png.readUInt32BE(pos + 8 + length) === crc32(png.subarray(pos + 4, pos + 8 + length));
    chunks.push({ type, data, crcOk });
    pos += 12 + length;
  }
  return chunks;
}

describe('qrPng', () => {
  it('draws a QR code a scanner reads back as the text', async () => {
    const { png, pixels, modules } = qrPng(URL);
    const image = await pixelsOf(png);
    expect([image.width, image.height]).toEqual([pixels, pixels]);
    expect(pixels).toBe(modules * QR_PIXELS_PER_MODULE);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(URL);
  });

  it('is an 8-bit grey PNG without alpha that pdfkit embeds as it is, every chunk with its right CRC', () => {
    const { png, pixels } = qrPng(URL);
    expect(pdfReadyPngSize(png)).toEqual({ width: pixels, height: pixels });
    const chunks = chunksOf(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    expect([...chunks[0].data.subarray(8)]).toEqual([8, 0, 0, 0, 0]);
    expect(inflateSync(chunks[1].data).length).toBe(pixels * (pixels + 1));
  });

  it('keeps a white quiet zone of four modules, black modules inside it', async () => {
    const { png, pixels } = qrPng(URL);
    const image = await pixelsOf(png);
    const grey = (x: number, y: number) => image.data[(y * pixels + x) * 4];
    const quiet = QR_BORDER_MODULES * QR_PIXELS_PER_MODULE;
    for (let i = 0; i < pixels; i++) {
      expect(grey(i, quiet - 1)).toBe(255);
      expect(grey(quiet - 1, i)).toBe(255);
      expect(grey(i, pixels - quiet)).toBe(255);
      expect(grey(pixels - quiet, i)).toBe(255);
    }
    // The top-left finder pattern's outer ring starts right inside the quiet zone.
    expect(grey(quiet, quiet)).toBe(0);
    expect([...new Set(image.data.filter((_, index) => index % 4 === 0))].sort()).toEqual([0, 255]);
  });

  it('grows with the text and takes any scale', async () => {
    const long = `${URL}?${'x'.repeat(300)}`;
    const small = qrPng(URL, 2);
    const large = qrPng(long, 3);
    expect(large.modules).toBeGreaterThan(small.modules);
    const image = await pixelsOf(large.png);
    expect(image.width).toBe(large.modules * 3);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(long);
  });

  it('writes any grey image, and refuses scanlines that do not fill it', async () => {
    const scanlines = Buffer.from([0, 0, 128, 255, 0, 255, 128, 0]);
    const image = await pixelsOf(greyscalePng(3, 2, scanlines));
    expect([...image.data.filter((_, index) => index % 4 === 0)]).toEqual([0, 128, 255, 255, 128, 0]);
    expect(() => greyscalePng(3, 3, scanlines)).toThrow();
  });
});
