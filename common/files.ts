/** Coarse kind of an uploaded file, used to pick a viewer and storage rules. */
export type FileCategory = 'IMAGE' | 'PDF' | 'VIDEO' | 'AUDIO' | 'OTHER';

/** How many leading bytes to read when sniffing an upload's real type from its magic number. */
export const FILE_SNIFF_BYTES = 100;

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const ALLOWED_VIDEO_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
] as const;

export const ALLOWED_AUDIO_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/mp4',
  'audio/aac',
  'audio/webm',
] as const;

export const ALLOWED_DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;

export const ALLOWED_ARCHIVE_TYPES = ['application/zip'] as const;

/**
 * Classifies a Content-Type header or MIME string so uploads and attachments can be routed to the right
 * viewer. Parameters (`; charset=...`), surrounding spaces and letter case are ignored; anything
 * missing or unrecognised is 'OTHER'.
 */
export function fileCategoryFromContentType(contentType: string | null | undefined): FileCategory {
  const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (mime.startsWith('image/')) return 'IMAGE';
  if (mime === 'application/pdf') return 'PDF';
  if (mime.startsWith('video/')) return 'VIDEO';
  if (mime.startsWith('audio/')) return 'AUDIO';
  return 'OTHER';
}

/**
 * Text sent with an upload in a form field (a title), as it may be stored and shown: without control characters
 * (NUL, which PostgreSQL cannot store) or broken surrogates, trimmed, at most `max` characters (never cutting a
 * character in two). Empty when nothing is left.
 */
export function storableText(raw: string | undefined | null, max = 200): string {
  const clean = (raw ?? '').replace(/[\p{Cc}\p{Cs}]/gu, '').trim();
  return Array.from(clean).slice(0, max).join('').trim();
}

/** A file name sent with an upload, as it may be stored and shown: its last path part only, as storableText. */
export function storableName(raw: string | undefined | null, max = 200): string {
  return storableText((raw ?? '').split(/[/\\]/).pop(), max);
}

/** A file name without its extension (`Lesson 1.pdf` → `Lesson 1`), as storableName: a title made from a file. */
export function storableBaseName(raw: string | undefined | null, max = 150): string {
  const name = storableName(raw, Number.MAX_SAFE_INTEGER);
  const dot = name.lastIndexOf('.');
  return storableText(dot > 0 ? name.slice(0, dot) : name, max);
}
