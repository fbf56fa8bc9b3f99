import { contentDispositionFor } from '../providers/storage/file-disposition';

/** The longest a browser keeps a stored file; a signed URL that lives longer is still re-fetched after a day. */
const MAX_STORED_FILE_AGE_SECONDS = 24 * 60 * 60;

/**
 * HLS playlists and segments behind the Authorization header: the browser may keep them for itself only,
 * and must ask again each time, since who may watch is checked per request and a regenerated video reuses
 * the same URLs (library videos, replaced lessons).
 */
export const HLS_CACHE_CONTROL = 'private, no-cache';

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
    'content-disposition': contentDispositionFor(key, contentType),
  };
}
