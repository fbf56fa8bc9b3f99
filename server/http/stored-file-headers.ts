import path from 'node:path';
import { ALLOWED_IMAGE_TYPES } from '../../common/files';

/** The longest a browser keeps a stored file; a signed URL that lives longer is still re-fetched after a day. */
const MAX_STORED_FILE_AGE_SECONDS = 24 * 60 * 60;

/**
 * HLS playlists and segments behind the Authorization header: the browser may keep them for itself only,
 * and must ask again each time, since who may watch is checked per request and a regenerated video reuses
 * the same URLs (library videos, replaced lessons).
 */
export const HLS_CACHE_CONTROL = 'private, no-cache';

const INLINE_IMAGES: ReadonlySet<string> = new Set(ALLOWED_IMAGE_TYPES);

/**
 * Whether the app shows a stored file in the page or a tab: raster images (pictures, avatars), video and
 * audio (players), and PDFs (study material opens in a tab at a cited page). Anything else is downloaded,
 * so an uploaded document can never render as a page on our origin. SVG is not in the list on purpose.
 */
export function isShownInline(contentType: string): boolean {
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return (
    INLINE_IMAGES.has(mime) ||
    mime.startsWith('video/') ||
    mime.startsWith('audio/') ||
    mime === 'application/pdf'
  );
}

/**
 * Headers of a stored file read through its signed URL: private (the signature is the permission, so no
 * shared cache may keep it) and kept no longer than the URL is valid; never sniffed; an attachment unless
 * the app shows it inline.
 */
export function storedFileHeaders(
  key: string,
  contentType: string,
  expiresAtSeconds: number,
  nowMs = Date.now(),
): Record<string, string> {
  const left = Math.floor(expiresAtSeconds - nowMs / 1000);
  const maxAge = Math.max(0, Math.min(left, MAX_STORED_FILE_AGE_SECONDS));
  return {
    'content-type': contentType,
    'cache-control': `private, max-age=${maxAge}`,
    'x-content-type-options': 'nosniff',
    'content-disposition': isShownInline(contentType)
      ? 'inline'
      : `attachment; filename="${path.posix.basename(key).replace(/["\\]/g, '_')}"`,
  };
}
