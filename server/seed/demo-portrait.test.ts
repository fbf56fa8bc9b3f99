import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { demoGuruPortrait } from './demo-portrait';

/** Decodes a PNG and reads one pixel's RGB at fractions of its width and height. */
async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return [
    ...context.getImageData(Math.round(x * image.width), Math.round(y * image.height), 1, 1).data,
  ].slice(0, 3);
}

describe('the demo guru portrait', () => {
  it('is a PNG of the size asked for', () => {
    const png = demoGuruPortrait(128);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(128);
    expect(png.readUInt32BE(20)).toBe(128);
  });

  it('has skin on the forehead, a dark mouth where the session animates speech, and the blue board behind', async () => {
    const png = demoGuruPortrait(256);
    const [r, g, b] = await pixelAt(png, 0.5, 0.37);
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(r).toBeGreaterThan(150);
    const mouth = await pixelAt(png, 0.5, 0.635);
    expect(mouth[0]).toBeGreaterThan(mouth[1] + 60);
    expect(mouth[1]).toBeLessThan(80);
    const [br, bg, bb] = await pixelAt(png, 0.04, 0.6);
    expect(bb).toBeGreaterThan(br + 100);
    expect(bb).toBeGreaterThan(bg);
  });
});
