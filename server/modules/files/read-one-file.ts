import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Reads the one file of a multipart request, refusing a missing or oversized file before anything is kept.
 * `filename` is the name the browser sent: shown to people, never used to decide the file's type.
 */
export async function readOneFile(request: FastifyRequest, maxBytes: number, what: string) {
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
    return { bytes, mimetype: part.mimetype, filename: part.filename };
  } catch (error) {
    // Refused part-way: drop the rest of the body so the client sees the answer.
    if (!request.raw.readableEnded) request.raw.resume();
    throw error;
  }
}
