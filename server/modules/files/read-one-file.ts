import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';

/** What an upload is, as its refusals name it ("Please choose a video to upload"), each language in its words. */
const KIND_OF = { 'an image': 'image', 'a .glb file': 'glb', 'a video': 'video', 'a file': 'file' } as const;
export type UploadWhat = keyof typeof KIND_OF;

/**
 * Reads the one file of a multipart request, refusing a missing or oversized file before anything is kept.
 * `filename` is the name the browser sent: shown to people, never used to decide the file's type.
 */
export async function readOneFile(request: FastifyRequest, maxBytes: number, what: UploadWhat) {
  const kind = KIND_OF[what];
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.files.sendAsMultipart', { kind }));
  }
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest(said('server.files.chooseToUpload', { kind }));
    const bytes = await part.toBuffer();
    if (part.file.truncated) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        said('server.files.tooLarge', { megabytes: Math.round(maxBytes / 1024 / 1024) }),
      );
    }
    return { bytes, mimetype: part.mimetype, filename: part.filename };
  } catch (error) {
    // Refused part-way: drop the rest of the body so the client sees the answer.
    if (!request.raw.readableEnded) request.raw.resume();
    throw error;
  }
}
