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
