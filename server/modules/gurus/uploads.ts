import type { FastifyRequest } from 'fastify';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { storeUpload } from '../files/uploads';
import type { GuruRow } from './access';

export const GURU_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GURU_GLB_MAX_BYTES = 20 * 1024 * 1024;
export const GURU_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const INTRODUCTION_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Reads the one file of a multipart request, refusing a missing or oversized file before anything is kept. */
async function readOneFile(request: FastifyRequest, maxBytes: number, what: string) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Please send ${what} as multipart/form-data.`);
  }
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest(`Please choose ${what} to upload`);
    const bytes = await part.toBuffer();
    if (part.file.truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${mb(maxBytes)}`);
    }
    return { bytes, mimetype: part.mimetype };
  } catch (error) {
    // Refused part-way: drop the rest of the body so the client sees the answer.
    if (!request.raw.readableEnded) request.raw.resume();
    throw error;
  }
}

/** The guru's picture (static avatar): an image checked by its bytes. */
export async function storeAvatarImage(app: App, request: FastifyRequest, guru: GuruRow): Promise<string> {
  const { bytes, mimetype } = await readOneFile(request, GURU_IMAGE_MAX_BYTES, 'an image');
  const { key } = await storeUpload(app, {
    ownerId: guru.ownerId,
    folder: `gurus/${guru.id}/avatar`,
    bytes,
    claimedType: mimetype,
    allowed: ALLOWED_IMAGE_TYPES,
    visibility: 'shared',
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
    throw new AppError(
      'INVALID_FILE',
      'This file is not a GLB model (glTF 2.0 binary). Please choose a .glb file.',
    );
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
