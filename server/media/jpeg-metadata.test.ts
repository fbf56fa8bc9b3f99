import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIF_SECRET, orientedJpeg, redCorner } from '../test/pictures';
import { resizeImage, storableJpeg } from './image-sizes';
import { cleanJpeg } from './jpeg-metadata';

// Phone photos (issue 30 item 10): the EXIF orientation is applied, and the EXIF (a location) is not kept.

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'jpeg-metadata-'));
});
afterAll(async () => rm(work, { recursive: true, force: true }));

const size = async (bytes: Buffer) => {
  const image = await loadImage(bytes);
  return { width: image.width, height: image.height };
};

/** Where the stored top-left corner shows, and whether the sides swap, for each orientation. */
const UPRIGHT: Record<number, { corner: string; turned: boolean }> = {
  1: { corner: 'top-left', turned: false },
  2: { corner: 'top-right', turned: false },
  3: { corner: 'bottom-right', turned: false },
  4: { corner: 'bottom-left', turned: false },
  5: { corner: 'top-left', turned: true },
  6: { corner: 'top-right', turned: true },
  7: { corner: 'bottom-right', turned: true },
  8: { corner: 'bottom-left', turned: true },
};

describe('cleanJpeg', () => {
  it('reads the orientation and keeps the pixels, without EXIF, comment or trailing data', async () => {
    for (const orientation of [1, 3, 6, 8]) {
      const photo = await orientedJpeg(120, 60, orientation);
      expect(photo.includes(EXIF_SECRET)).toBe(true);
      const clean = cleanJpeg(photo);
      expect(clean?.orientation).toBe(orientation);
      const bytes = clean?.bytes as Buffer;
      expect(bytes.includes(EXIF_SECRET)).toBe(false);
      expect(bytes.includes('Exif')).toBe(false);
      expect(bytes.includes('taken by me')).toBe(false);
      expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      expect(await size(bytes)).toEqual({ width: 120, height: 60 });
      expect(await redCorner(bytes)).toBe('top-left');
    }
  });

  it('gives up on what is not a whole JPEG', () => {
    expect(cleanJpeg(Buffer.from('not a picture'))).toBeNull();
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]);
    expect(cleanJpeg(photo)).toBeNull();
  });
});

describe('pictures made from a phone photo', () => {
  it('turns every smaller copy the right way up, for each of the 8 orientations', async () => {
    for (const [orientation, { corner, turned }] of Object.entries(UPRIGHT)) {
      const copy = await resizeImage(await orientedJpeg(120, 60, Number(orientation)), 320, work);
      expect(await size(copy), `orientation ${orientation}`).toEqual(
        turned ? { width: 60, height: 120 } : { width: 120, height: 60 },
      );
      expect(await redCorner(copy), `orientation ${orientation}`).toBe(corner);
      expect(copy.includes(EXIF_SECRET)).toBe(false);
    }
  });

  it('stores a turned photo upright and without its EXIF, an upright one losslessly without it', async () => {
    const turned = (await storableJpeg(await orientedJpeg(120, 60, 6), work)) as Buffer;
    expect(await size(turned)).toEqual({ width: 60, height: 120 });
    expect(await redCorner(turned)).toBe('top-right');
    expect(turned.includes('Exif')).toBe(false);
    expect(turned.includes(EXIF_SECRET)).toBe(false);

    const photo = await orientedJpeg(120, 60, 1);
    const upright = (await storableJpeg(photo, work)) as Buffer;
    expect(upright).toEqual(cleanJpeg(photo)?.bytes);
    expect(upright.includes(EXIF_SECRET)).toBe(false);

    expect(await storableJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), work)).toBeNull();
  });
});
