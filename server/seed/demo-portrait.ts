import { readFileSync } from 'node:fs';
import { createCanvas, Image } from '@napi-rs/canvas';
import { fromProjectRoot } from '../paths';

/**
 * The demo guru's portrait: an illustrated teacher (glasses, a bun, a smile) before a board of geometry chalk
 * shapes. One SVG, shown as it is on the home page and rasterised here by @napi-rs/canvas for the guru's picture.
 * The mouth is centred 50 % across and 63 % down, where the static avatar animates speech
 * (web/features/gurus/avatar/static-avatar.tsx). Gradients are linear only: the rasteriser draws radial ones
 * black.
 */
const PORTRAIT_SVG = fromProjectRoot('web', 'public', 'illustrations', 'teacher.svg');

/** The portrait as a square PNG of `size` pixels. */
export function demoGuruPortrait(size = 512): Buffer {
  const image = new Image();
  // Decoded synchronously from a buffer.
  image.src = readFileSync(PORTRAIT_SVG);
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  return canvas.toBuffer('image/png');
}
