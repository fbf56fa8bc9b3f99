import type { FastifyInstance } from 'fastify';
import { said } from '../i18n/said';
import { localeOf, speak } from './locale';

/** A NUL, or half of a surrogate pair: text PostgreSQL cannot store (text refuses NUL, jsonb both). */
const HALF_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || HALF_SURROGATE.test(text);
/** How deep and how many values are looked at: request bodies are at most 1 MB, so this is never the limit. */
const MAX_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = said('server.http.unstorableText');

/**
 * Where in a parsed value (body, query string, path parameters) the first string or key PostgreSQL cannot store
 * is, as a dotted path (`details.reason`, `answers.2.text`); null when there is none.
 */
export function unstorableTextAt(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? at || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const path = at ? `${at}.${key}` : key;
    if (unstorable(key)) return path;
    const found = unstorableTextAt(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Text that cannot be stored is refused where it arrives, naming the field, before any handler writes part of an
 * action (issue 30: a lone surrogate in an admin's reason deactivated the account, then failed its audit row).
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const field =
      unstorableTextAt(request.params) ?? unstorableTextAt(request.query) ?? unstorableTextAt(request.body);
    if (field === null) return;
    return reply.status(400).send({
      code: 'VALIDATION',
      message: speak(localeOf(request), UNSTORABLE_TEXT_MESSAGE),
      fields: { [field]: speak(localeOf(request), UNSTORABLE_TEXT_MESSAGE) },
    });
  });
}
