import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ALLOWED_IMAGE_TYPES, storableName, storableText } from '../../../common/files';
import { LIBRARY_LIMITS, LIBRARY_MSG } from '../../../common/library';
import { storedFiles } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { said } from '../../i18n/said';
import {
  convertPptxToPdf,
  isPdf,
  PDF_NO_PAGES_MESSAGE,
  PPTX_NEEDS_LIBREOFFICE,
  pptxSupport,
  readPdfSlides,
  SLIDE_LIMIT_MESSAGE,
  type Slide,
  SlideDeckError,
} from '../../media/pdf-slides';
import { storeUpload } from '../files/uploads';
import type { LibraryRow } from './access';

/** Where a library keeps its files; deleting the library removes everything under it. */
export const libraryFolder = (libraryId: string) => `libraries/${libraryId}`;

/** The deck of POST /api/course-libraries: its bytes, its file name and the title field. */
export interface DeckUpload {
  bytes: Buffer;
  fileName: string;
  title: string;
}

async function readPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      said('server.library.tooLarge', { megabytes: Math.round(maxBytes / 1024 / 1024) }),
    );
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    // request.parts() throws at the size limit (it has no throwFileSizeLimit switch).
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  });
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/**
 * Reads the multipart deck upload: the `title` field (before or after the file) and the one `file`.
 * The caller drains the request when this throws part-way.
 */
export async function readDeckUpload(request: FastifyRequest): Promise<DeckUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.library.sendSlidesMultipart'));
  }
  let title = '';
  let file: { bytes: Buffer; fileName: string } | null = null;
  const parts = request.parts({
    limits: { fileSize: LIBRARY_LIMITS.uploadMaxBytes, files: 1, fields: 10, parts: 20 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      file = {
        bytes: await readPart(part, LIBRARY_LIMITS.uploadMaxBytes),
        fileName: storableName(part.filename),
      };
    } else if (part.fieldname === 'title' && typeof part.value === 'string') {
      title = storableText(part.value);
    }
  }
  if (!file || file.bytes.length === 0) throw badRequest(said('server.library.choosePdf'));
  return { ...file, title };
}

/** A PPTX is a ZIP archive (PK\x03\x04) whose entry names include the `ppt/` folder. */
export function looksLikePptx(bytes: Buffer): boolean {
  return (
    bytes.length > 30 &&
    bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04' &&
    bytes.includes(Buffer.from('ppt/', 'latin1'))
  );
}

/** SlideDeckError codes as HTTP answers: the plan's limit is a 403, anything about the file a 400. */
function deckFailure(error: SlideDeckError): AppError {
  if (error.code === 'SLIDE_LIMIT') return forbidden(SLIDE_LIMIT_MESSAGE);
  if (error.code === 'INVALID_PDF') return new AppError('INVALID_PDF', LIBRARY_MSG.invalidPdf);
  if (error.code === 'PPTX_UNSUPPORTED') return new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
  return new AppError('INVALID_FILE', error.message);
}

/**
 * The deck's slides, sniffed by its bytes: a PDF as it is, a PPTX through LibreOffice when installed.
 * `maxPages` (the plan's slide limit) refuses a longer deck before any page is drawn. Pages are drawn in a
 * child process: a renderer that crashes, hangs or runs out of memory refuses this deck only.
 */
export async function slidesOfDeck(app: App, bytes: Buffer, maxPages: number | null): Promise<Slide[]> {
  const { libreOfficeBinary, pdfRender } = app.config;
  try {
    let pdf = bytes;
    if (!isPdf(bytes)) {
      if (!looksLikePptx(bytes)) throw new AppError('INVALID_PDF', LIBRARY_MSG.invalidPdf);
      if (!pptxSupport(libreOfficeBinary).available) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PPTX_NEEDS_LIBREOFFICE);
      }
      pdf = await convertPptxToPdf(bytes, { binary: libreOfficeBinary });
    }
    const { slides } = await readPdfSlides(pdf, { maxPages: maxPages ?? undefined, limits: pdfRender });
    if (slides.length === 0) throw new AppError('INVALID_FILE', PDF_NO_PAGES_MESSAGE);
    return slides;
  } catch (error) {
    if (!(error instanceof SlideDeckError)) throw error;
    // The person sees the message; the log keeps how the renderer ended (signal, its last output).
    if (error.code === 'PDF_RENDER_FAILED') app.log.warn({ detail: error.detail }, error.message);
    throw deckFailure(error);
  }
}

/**
 * Stores one slide image under a new key (keys are never reused: render-hash.ts treats the key as the
 * bytes) with its stored_files row, so the signed link serves it and it counts against the owner's quota.
 */
export async function storeSlideImage(
  app: App,
  ownerId: string,
  libraryId: string,
  png: Buffer,
): Promise<string> {
  const key = `${libraryFolder(libraryId)}/slides/${randomUUID()}.png`;
  await app.storage.put(key, png, 'image/png');
  await app.db.insert(storedFiles).values({
    path: key,
    ownerId,
    contentType: 'image/png',
    category: 'image',
    sizeBytes: png.length,
    visibility: 'private',
  });
  return key;
}

/** The library's static avatar: one image checked by its bytes, at most avatarImageMaxBytes. */
export async function storeLibraryAvatarImage(
  app: App,
  request: FastifyRequest,
  library: LibraryRow,
): Promise<string> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.library.sendImageMultipart'));
  }
  try {
    const part = await request.file({
      limits: { fileSize: LIBRARY_LIMITS.avatarImageMaxBytes, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest(said('server.library.chooseImage'));
    const bytes = await readPart(part, LIBRARY_LIMITS.avatarImageMaxBytes);
    const { key } = await storeUpload(app, {
      ownerId: library.ownerId,
      folder: `${libraryFolder(library.id)}/avatar`,
      bytes,
      claimedType: part.mimetype,
      allowed: ALLOWED_IMAGE_TYPES,
      visibility: 'private',
    });
    return key;
  } catch (error) {
    // Refused part-way: drop the rest of the body so the client sees the answer.
    if (!request.raw.readableEnded) request.raw.resume();
    throw error;
  }
}
