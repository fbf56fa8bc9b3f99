import { crc32, deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { like } from 'drizzle-orm';
import { expect } from 'vitest';
import { storedFiles } from '../db/schema/index';
import type { App } from '../http/app-type';

/** A PNG of the given size, drawn (a square inside a frame): a real picture for the resizer. */
export function drawnPng(width: number, height: number, options: { transparent?: boolean } = {}): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!options.transparent) {
    context.fillStyle = '#2b6cb0';
    context.fillRect(0, 0, width, height);
  }
  context.fillStyle = '#c05621';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.toBuffer('image/png');
}

/** Width, height and content type of a served picture, read by decoding what the URL answers. */
export async function servedSize(
  app: App,
  url: string,
): Promise<{ width: number; height: number; type: string }> {
  const file = await app.inject({ method: 'GET', url });
  expect(file.statusCode, url).toBe(200);
  const image = await loadImage(file.rawPayload);
  return { width: image.width, height: image.height, type: String(file.headers['content-type']) };
}

/** The stored files under a folder, named with their uuid as ID: ['ID-large.webp', 'ID-medium.webp', 'ID.png']. */
export async function storedNames(app: App, folder: string): Promise<string[]> {
  const rows = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `${folder}/%`));
  return rows.map((row) => row.path.replace(/^.*\//, '').replace(/^[\w-]{36}/, 'ID')).sort();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number, colorType: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  return pngChunk('IHDR', header);
}

/** A plain RGB PNG (no alpha channel) of one colour, built by hand: the kind pdfkit embeds as it is. */
export function rgbPng(
  width: number,
  height: number,
  rgb: [number, number, number] = [43, 108, 176],
): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(width, height, 2),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A file that is a PNG by its first bytes (the upload accepts it) but whose pixels are not deflate data: no
 * decoder can read it, so no copy of it can be made.
 */
export function brokenPng(): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(64, 64, 2),
    pngChunk('IDAT', Buffer.from('these words are not deflate data at all; '.repeat(4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The APP1 segment of an EXIF block with the Orientation tag, and a GPS-like text after it (to find it again). */
function exifSegment(orientation: number, secret: string): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, Buffer.from(secret, 'latin1')]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** The text every orientedJpeg carries in its EXIF: where it was "taken". */
export const EXIF_SECRET = 'GPS 12.9716N 77.5946E';

/**
 * A phone photo as phones store it: a JPEG `width` × `height` as the sensor saw it (blue, its top-left quarter
 * red), an EXIF block saying which way is up (`orientation` 1 to 8) and where it was taken (EXIF_SECRET), a
 * comment, and a second picture's bytes after its end (as multi-picture files have).
 */
export async function orientedJpeg(width: number, height: number, orientation: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#0000ff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height / 2);
  const jpeg = await canvas.encode('jpeg', 95);
  const comment = Buffer.concat([
    Buffer.from([0xff, 0xfe, 0, 2 + 13]),
    Buffer.from('taken by me  ', 'latin1'),
  ]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    exifSegment(orientation, EXIF_SECRET),
    comment,
    jpeg.subarray(2),
    Buffer.from(`trailing picture with ${EXIF_SECRET}`, 'latin1'),
  ]);
}

/** Which corner of a picture is red (the others blue): 'top-left', 'top-right', 'bottom-left' or 'bottom-right'. */
export async function redCorner(bytes: Buffer): Promise<string> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const red: string[] = [];
  for (const [name, x, y] of [
    ['top-left', 3, 3],
    ['top-right', image.width - 4, 3],
    ['bottom-left', 3, image.height - 4],
    ['bottom-right', image.width - 4, image.height - 4],
  ] as const) {
    const [r, g, b] = context.getImageData(x, y, 1, 1).data;
    if (r > 200 && g < 60 && b < 60) red.push(name);
    if (!red.includes(name)) expect(b > 200 && r < 60, `${name} is blue (${r}, ${g}, ${b})`).toBe(true);
  }
  return red.join(',');
}
