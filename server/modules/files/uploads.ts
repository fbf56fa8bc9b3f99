import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_SNIFF_BYTES, type FileCategory, fileCategoryFromContentType } from '../../../common/files';
import { isUserType } from '../../../common/roles';
import { storedFiles, users } from '../../db/schema/index';
import { payerIdOf } from '../../http/account-state';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import {
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  type ImageSize,
  logoForPdf,
  mediaWorkDir,
  pdfLogoKey,
  resizeImage,
  sizedImageKey,
  storableJpeg,
} from '../../media/image-sizes';
import { PdfProcessError, runPdfProcess } from '../../media/pdf-process';
import { PDF_NO_PAGES_MESSAGE, pdfFailureMessage } from '../../media/pdf-slides';
import { planStorageBytes, storageCoveredBy } from '../plans/limits';

export interface SniffedFile {
  mime: string;
  ext: string;
  category: FileCategory;
}

/** What file-type reads for a complete answer: only for the formats below, whose type shows later than 100 bytes. */
const LONG_SNIFF_BYTES = 4100;

/**
 * Whether the first 100 bytes left the type open: Office documents (.docx, .pptx, .xlsx) are ZIP files named by the
 * entries inside them, which come after the first entry's name and data; an MP3 starts with an ID3 tag of any size
 * before its first frame. Every other accepted format (PDF, images, MP4/MOV/WebM, GLB) is decided in 100 bytes.
 */
const needsLongerLook = (found: { ext: string } | undefined, head: Buffer) =>
  found?.ext === 'zip' || (!found && head.subarray(0, 3).toString('latin1') === 'ID3');

/** Detects the real type from the first 100 bytes (SPEC §5); the name and the browser's claimed type are ignored. */
export async function sniffFile(bytes: Buffer): Promise<SniffedFile | null> {
  const head = bytes.subarray(0, FILE_SNIFF_BYTES);
  let found = await fileTypeFromBuffer(head);
  if (needsLongerLook(found, head) && bytes.length > FILE_SNIFF_BYTES) {
    found = (await fileTypeFromBuffer(bytes.subarray(0, LONG_SNIFF_BYTES))) ?? found;
  }
  if (!found) return null;
  return { mime: found.mime, ext: found.ext, category: fileCategoryFromContentType(found.mime) };
}

/**
 * Refuses (400 INVALID_FILE) a PDF that does not open, has a page that cannot be read, or has no pages: every
 * page's text is read in the PDF child process (pdf-process.ts, with its time limit and memory cap), the same
 * reading guru training does later, so a file accepted here can be learnt from. Decision 054.
 */
export async function assertReadablePdf(app: App, bytes: Uint8Array): Promise<void> {
  const limits = app.config.pdfRender;
  let pageCount: number;
  try {
    ({ pageCount } = await runPdfProcess(bytes, { task: 'text' }, limits));
  } catch (error) {
    if (!(error instanceof PdfProcessError)) throw error;
    app.log.warn({ code: error.code, detail: error.detail }, 'an uploaded PDF could not be read');
    throw new AppError('INVALID_FILE', pdfFailureMessage(error, limits));
  }
  if (pageCount === 0) throw new AppError('INVALID_FILE', PDF_NO_PAGES_MESSAGE);
}

/**
 * Checks an upload against the allowed types and stores it under a server-generated name.
 * A file that claims to be a PDF but does not start with the PDF marker is INVALID_PDF; a PDF by its bytes
 * that cannot be read through is INVALID_FILE (assertReadablePdf), and nothing is stored.
 */
export async function storeUpload(
  app: App,
  options: {
    ownerId: string;
    folder: string;
    bytes: Buffer;
    claimedType: string;
    allowed: readonly string[];
    visibility?: 'private' | 'shared';
  },
): Promise<{ key: string; sniffed: SniffedFile }> {
  const sniffed = await sniffFile(options.bytes);
  await assertStorageQuota(app, options.ownerId, options.bytes.length);
  if (options.claimedType === 'application/pdf' && sniffed?.mime !== 'application/pdf') {
    throw new AppError('INVALID_PDF', said('server.files.invalidPdf'));
  }
  if (!sniffed || !options.allowed.includes(sniffed.mime)) {
    throw new AppError(
      'INVALID_FILE',
      // Read from the bytes: a text file named .png is refused although "png" is in the list, so say so.
      said('server.files.typeNotAllowed', {
        allowed: options.allowed.map((m) => m.split('/')[1]).join(', '),
      }),
    );
  }
  if (sniffed.mime === 'application/pdf') await assertReadablePdf(app, options.bytes);
  // A JPEG is kept without its EXIF (a phone photo's location) and the right way up (media/image-sizes.ts).
  const bytes = sniffed.mime === 'image/jpeg' ? await jpegToStore(app, options.bytes) : options.bytes;
  const key = `${options.folder}/${randomUUID()}.${sniffed.ext}`;
  await app.storage.put(key, bytes, sniffed.mime);
  await app.db.insert(storedFiles).values({
    path: key,
    ownerId: options.ownerId,
    contentType: sniffed.mime,
    category: sniffed.category,
    sizeBytes: bytes.length,
    visibility: options.visibility ?? 'private',
  });
  return { key, sniffed };
}

/** An uploaded JPEG as it is stored (storableJpeg); one that cannot be read is refused. */
async function jpegToStore(app: App, bytes: Buffer): Promise<Buffer> {
  const stored = await storableJpeg(bytes, await workDir(app));
  if (!stored) {
    throw new AppError('INVALID_FILE', said('server.files.pictureUnreadable'));
  }
  return stored;
}

/** Stores a copy the server made of a stored file (a picture's smaller copy), replacing one already there. */
async function putCopy(
  app: App,
  copy: {
    key: string;
    bytes: Buffer;
    contentType: string;
    ownerId: string;
    visibility: 'private' | 'shared';
  },
): Promise<void> {
  await app.storage.put(copy.key, copy.bytes, copy.contentType);
  const values = {
    path: copy.key,
    ownerId: copy.ownerId,
    contentType: copy.contentType,
    category: fileCategoryFromContentType(copy.contentType),
    sizeBytes: copy.bytes.length,
    visibility: copy.visibility,
  };
  await app.db
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({ target: storedFiles.path, set: values });
}

const workDir = (app: App) => mediaWorkDir(app.config.dataDir);

/**
 * Stores the smaller copies of an uploaded picture beside it (media/image-sizes.ts), with the picture's owner and
 * visibility: the `sizes` its kind is shown at (PICTURE_SIZES). A copy that cannot be made is skipped with a
 * warning: the picture itself stays, and readers fall back to it (imageUrlsAt).
 */
export async function storeImageSizes(
  app: App,
  options: {
    key: string;
    bytes: Buffer;
    ownerId: string;
    visibility: 'private' | 'shared';
    sizes: readonly ImageSize[];
  },
): Promise<void> {
  const work = await workDir(app);
  for (const size of options.sizes) {
    try {
      const resized = await resizeImage(options.bytes, IMAGE_SIZES[size], work);
      await putCopy(app, {
        key: sizedImageKey(options.key, size),
        bytes: resized,
        contentType: 'image/webp',
        ownerId: options.ownerId,
        visibility: options.visibility,
      });
    } catch (error) {
      app.log.warn({ err: error, key: options.key, size }, 'could not make a smaller copy of a picture');
    }
  }
}

/**
 * Stores a brand logo's PNG copy for invoices (pdfkit draws PNG and JPEG only), private: only the server reads
 * it. Skipped with a warning when it cannot be made: invoices then convert the logo when they draw it (pdfLogoOf).
 */
export async function storePdfLogo(app: App, options: { key: string; bytes: Buffer; ownerId: string }) {
  try {
    const png = await logoForPdf(options.bytes, await workDir(app));
    await putCopy(app, {
      key: pdfLogoKey(options.key),
      bytes: png,
      contentType: 'image/png',
      ownerId: options.ownerId,
      visibility: 'private',
    });
  } catch (error) {
    app.log.warn({ err: error, key: options.key }, 'could not make the invoice copy of a brand logo');
  }
}

/** The bytes of a stored file, or null when storage has none under `key`. */
/** A picture and every copy made of it (sizes, the invoice PNG), removed together. */
export async function removeStoredImage(app: App, key: string): Promise<void> {
  const copies = [...IMAGE_SIZE_NAMES.map((size) => sizedImageKey(key, size)), pdfLogoKey(key)];
  await removeStoredFile(app, key);
  await app.db.delete(storedFiles).where(inArray(storedFiles.path, copies));
  for (const copy of copies) {
    await app.storage
      .remove(copy)
      .catch((error: unknown) => app.log.warn({ err: error, key: copy }, 'could not delete stored file'));
  }
}

/**
 * Signed URLs at `size` for many pictures at once (a page of catalog cards): one query, not one per picture.
 * `expiresInSeconds` as for storage.signedUrl (a guru session's links last its length).
 */
export async function imageUrlsAt(
  app: App,
  keys: readonly (string | null)[],
  size: ImageSize,
  expiresInSeconds?: number,
): Promise<Map<string, string>> {
  const urls = await imageUrlsBySize(app, { [size]: keys }, expiresInSeconds);
  return urls[size] ?? new Map();
}

/**
 * imageUrlsAt for pictures wanted at several sizes (a card's picture large, its brand logo medium), still in one
 * query: each picture's sized copy where it has been made, else the picture as uploaded.
 */
export async function imageUrlsBySize<S extends ImageSize>(
  app: App,
  wantedBySize: Partial<Record<S, readonly (string | null)[]>>,
  expiresInSeconds?: number,
): Promise<Record<S, Map<string, string>>> {
  const wanted = (Object.entries(wantedBySize) as [S, readonly (string | null)[]][]).map(
    ([size, keys]) => [size, [...new Set(keys.filter((key): key is string => Boolean(key)))]] as const,
  );
  const sizedKeys = wanted.flatMap(([size, keys]) => keys.map((key) => sizedImageKey(key, size)));
  const made = new Set(
    sizedKeys.length === 0
      ? []
      : (
          await app.db
            .select({ path: storedFiles.path })
            .from(storedFiles)
            .where(inArray(storedFiles.path, sizedKeys))
        ).map((copy) => copy.path),
  );
  const urls = {} as Record<S, Map<string, string>>;
  for (const [size, keys] of wanted) {
    urls[size] = new Map(
      keys.map((key) => {
        const sized = sizedImageKey(key, size);
        return [key, app.storage.signedUrl(made.has(sized) ? sized : key, expiresInSeconds)];
      }),
    );
  }
  return urls;
}

/**
 * The brand a person's work shows (issue 19 item 7): their brand logo, or their institute's, at medium size;
 * null when neither has one (the product's logo shows instead).
 */
export async function brandLogoUrlOf(app: App, userId: string): Promise<string | null> {
  const person = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!person) return null;
  let key = person.brandLogoPath;
  if (!key && person.instituteId) {
    const institute = await app.db.query.users.findFirst({ where: eq(users.id, person.instituteId) });
    key = institute?.brandLogoPath ?? null;
  }
  return key ? ((await imageUrlsAt(app, [key], 'medium')).get(key) ?? null) : null;
}

/** Deletes a stored file and its row, so no one is handed a link to a file that is gone. */
export async function removeStoredFile(app: App, key: string): Promise<void> {
  await app.db.delete(storedFiles).where(eq(storedFiles.path, key));
  await app.storage
    .remove(key)
    .catch((error: unknown) => app.log.warn({ err: error, key }, 'could not delete stored file'));
}

/**
 * Bytes counted against a user's storage quota: for a teacher or institute, everything stored under
 * their payer's plan (an institute and all its teachers share one quota); for anyone else, their own files.
 */
export async function storageUsedBytes(app: App, ownerId: string): Promise<number> {
  const owner = await app.db.query.users.findFirst({
    where: eq(users.id, ownerId),
    columns: { id: true, userType: true, instituteId: true },
  });
  const payerId =
    owner && isUserType(owner.userType)
      ? payerIdOf({ id: owner.id, userType: owner.userType, instituteId: owner.instituteId })
      : null;
  if (payerId) return storageCoveredBy(app, payerId);
  const [row] = await app.db
    .select({ used: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

const formatSize = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.ceil(bytes / 1024 ** 2)} MB`;

/**
 * Refuses (413) a new file of `extraBytes` that would take the owner over their storage quota; without a
 * size (before an upload is read), refuses only when the quota is already used up.
 */
export async function assertStorageQuota(app: App, ownerId: string, extraBytes?: number): Promise<void> {
  const quota = (await planStorageBytes(app, ownerId)) ?? app.config.storageQuotaBytes;
  const used = await storageUsedBytes(app, ownerId);
  if (extraBytes === undefined ? used >= quota : used + extraBytes > quota) {
    const sizes = { used: formatSize(used), quota: formatSize(quota) };
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      extraBytes
        ? said('server.files.storageFullForFile', { ...sizes, needed: formatSize(extraBytes) })
        : said('server.files.storageFull', sizes),
    );
  }
}

/** Stores a local file under key and records it (owner, type, size) so quotas and signed reads work. */
export async function putStoredFile(
  app: App,
  ownerId: string,
  key: string,
  file: string,
  contentType: string,
) {
  const { size } = await stat(file);
  await app.storage.putFile(key, file, contentType);
  const values = {
    path: key,
    ownerId,
    contentType,
    category: fileCategoryFromContentType(contentType),
    sizeBytes: size,
    visibility: 'private',
  };
  await app.db
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({ target: storedFiles.path, set: { ...values, createdAt: new Date() } });
}
