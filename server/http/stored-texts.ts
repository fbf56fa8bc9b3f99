import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../common/i18n/locales';
import { storedReviewCommentIn } from '../i18n/review-comment';
import { inLocale, localeOf } from './locale';

/**
 * Fields whose value the server stored in English when something failed (a video's packaging, a library's
 * generation, a guru's training, a payment): `Said.english` at the time, read back later (decision 070).
 */
const STORED_TEXT_FIELDS = new Set(['error', 'trainingError', 'message']);
/**
 * Fields stored in English with the user's own words inside (decision 070): read back by their templates, the
 * words kept as written.
 */
// A Map, not an object literal: an answer's field named "constructor" or "toString" must not find Object's own.
const COMPOSED_TEXT_FIELDS = new Map<string, (text: string, locale: Locale) => string>([
  ['reviewComment', storedReviewCommentIn],
]);
/** How deep the answer is looked into: a list of videos, a library with its state, a page of payments. */
const DEPTH = 3;

/** A string field of an answer in `locale`: a stored text or a composed one read back, any other as it is. */
function storedTextIn(key: string, field: string, locale: Locale): string {
  if (STORED_TEXT_FIELDS.has(key)) return inLocale(locale, field);
  return COMPOSED_TEXT_FIELDS.get(key)?.(field, locale) ?? field;
}

/** The stored English texts of `value`, in `locale` where the server's catalogs hold them; others as they are. */
export function translated(value: unknown, locale: Locale, depth = DEPTH): unknown {
  if (depth < 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => translated(item, locale, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      typeof field === 'string' ? storedTextIn(key, field, locale) : translated(field, locale, depth - 1);
  }
  return out;
}

/** Whether `value` carries a stored text at all (a live event with a failure in it). */
export function holdsStoredText(value: unknown, depth = DEPTH): boolean {
  if (depth < 0 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsStoredText(item, depth - 1));
  return Object.entries(value).some(([key, field]) =>
    typeof field === 'string'
      ? (STORED_TEXT_FIELDS.has(key) || COMPOSED_TEXT_FIELDS.has(key)) && field !== ''
      : holdsStoredText(field, depth - 1),
  );
}

/**
 * A successful answer to a caller reading another language than English carries its stored failure texts in
 * that language (a placeholder-free server text is found by its English; any other stays as stored). English
 * callers pay nothing: the answer is not looked at.
 */
export function registerStoredTextTranslation(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || payload === null || typeof payload !== 'object') return payload;
    const locale = localeOf(request);
    return locale === 'en' ? payload : translated(payload, locale, DEPTH);
  });
}
