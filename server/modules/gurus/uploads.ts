import type { FastifyRequest } from 'fastify';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import { PICTURE_SIZES } from '../../media/image-sizes';
import { readOneFile } from '../files/read-one-file';
import { storeImageSizes, storeUpload } from '../files/uploads';
import type { GuruRow } from './access';

export const GURU_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GURU_GLB_MAX_BYTES = 20 * 1024 * 1024;
export const GURU_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const INTRODUCTION_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/**
 * The guru's picture (static avatar): an image checked by its bytes, with its smaller copies for lists and the
 * session (a copy that cannot be made is skipped; the picture itself is then shown).
 */
export async function storeAvatarImage(app: App, request: FastifyRequest, guru: GuruRow): Promise<string> {
  const { bytes, mimetype } = await readOneFile(request, GURU_IMAGE_MAX_BYTES, 'an image');
  return storeGuruPicture(app, guru, bytes, mimetype);
}

/** Keeps a picture for the guru (uploaded or drawn from the gallery) with its smaller copies. */
export async function storeGuruPicture(
  app: App,
  guru: GuruRow,
  bytes: Buffer,
  mimetype: string,
): Promise<string> {
  const { key } = await storeUpload(app, {
    ownerId: guru.ownerId,
    folder: `gurus/${guru.id}/avatar`,
    bytes,
    claimedType: mimetype,
    allowed: ALLOWED_IMAGE_TYPES,
    visibility: 'shared',
  });
  await storeImageSizes(app, {
    key,
    bytes,
    ownerId: guru.ownerId,
    visibility: 'shared',
    sizes: PICTURE_SIZES.guruPicture,
  });
  return key;
}

/** A glTF 2.0 binary starts with the ASCII magic 'glTF' and the version 2 (little-endian). */
export function isGlb(bytes: Buffer): boolean {
  return (
    bytes.length >= 20 && bytes.subarray(0, 4).toString('latin1') === 'glTF' && bytes.readUInt32LE(4) === 2
  );
}

/** A Ready Player Me style avatar model: a .glb whose bytes say so, at most GURU_GLB_MAX_BYTES. */
export async function storeAvatarGlb(app: App, request: FastifyRequest, guru: GuruRow): Promise<string> {
  const { bytes } = await readOneFile(request, GURU_GLB_MAX_BYTES, 'a .glb file');
  if (!isGlb(bytes)) {
    throw new AppError('INVALID_FILE', said('server.gurus.notGlb'));
  }
  const { key } = await storeUpload(app, {
    ownerId: guru.ownerId,
    folder: `gurus/${guru.id}/avatar`,
    bytes,
    claimedType: 'model/gltf-binary',
    allowed: ['model/gltf-binary'],
    visibility: 'shared',
  });
  return key;
}

/** The optional introduction video: mp4 or webm, checked by its bytes. */
export async function storeIntroductionVideo(
  app: App,
  request: FastifyRequest,
  guru: GuruRow,
): Promise<string> {
  const { bytes, mimetype } = await readOneFile(request, GURU_VIDEO_MAX_BYTES, 'a video');
  const { key } = await storeUpload(app, {
    ownerId: guru.ownerId,
    folder: `gurus/${guru.id}/introduction`,
    bytes,
    claimedType: mimetype,
    allowed: INTRODUCTION_VIDEO_TYPES,
    visibility: 'shared',
  });
  return key;
}
