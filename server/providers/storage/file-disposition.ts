import path from 'node:path';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';

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

/** The Content-Disposition a stored file is served with, from disk or (as object metadata) from S3. */
export function contentDispositionFor(key: string, contentType: string): string {
  return isShownInline(contentType)
    ? 'inline'
    : `attachment; filename="${path.posix.basename(key).replace(/["\\]/g, '_')}"`;
}
