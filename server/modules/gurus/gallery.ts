import { readFileSync } from 'node:fs';
import { createCanvas, Image } from '@napi-rs/canvas';
import { GALLERY_AVATARS, type GalleryAvatarId } from '../../../common/avatar-gallery';
import type { App } from '../../http/app-type';
import { fromProjectRoot } from '../../paths';
import type { GuruRow } from './access';
import { storeGuruPicture } from './uploads';

const drawn = new Map<string, Buffer>();

/** A gallery avatar (common/avatar-gallery.ts) as a square PNG of `size` pixels, drawn from its SVG once. */
export function galleryPicture(id: GalleryAvatarId, size = 512): Buffer {
  const cached = drawn.get(`${id}:${size}`);
  if (cached) return cached;
  const avatar = GALLERY_AVATARS.find((entry) => entry.id === id) ?? GALLERY_AVATARS[0];
  const image = new Image();
  // Decoded synchronously from a buffer.
  image.src = readFileSync(fromProjectRoot('web', 'public', 'illustrations', ...avatar.file.split('/')));
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  const png = canvas.toBuffer('image/png');
  drawn.set(`${id}:${size}`, png);
  return png;
}

/**
 * Stores the chosen gallery avatar as the guru's picture, with the smaller copies an upload gets: from here on
 * it is the guru's picture like an uploaded photo (static avatar, lists, the embed, D-ID).
 */
export const storeGalleryPicture = (app: App, guru: GuruRow, id: GalleryAvatarId): Promise<string> =>
  storeGuruPicture(app, guru, galleryPicture(id), 'image/png');
