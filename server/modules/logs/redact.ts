// What the stored logs must never hold (docs/decisions/033-developer-logs.md): passwords, tokens, API keys,
// signatures, Authorization and Cookie headers. pino's own redaction (server/http/logger.ts) runs first; this is
// the second, broader pass on everything that reaches PostgreSQL, whatever a future log call passes.
import { REDACTED, scrubText } from '../../http/secret-text';

/** Field names whose values are never stored: password, secret, token, API key, *Key, signature, cookie, … */
const SECRET_FIELD =
  /pass(word|phrase|code|wd)?|^pw$|^pwd$|^pin$|secret|token|api[-_]?key|^key$|[a-z]Key$|^keys?$|authorization|bearer|cookie|signature|credential|jwt|^sig$|^otp$|^sid$|session[-_]?id|refresh|^dsn$|smtp[-_]?url/i;

/** A copy of a log line's fields with secret-named fields masked and secrets in strings scrubbed. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[nested too deep]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Request headers are never stored at all, only their names.
    if (key === 'headers' && item && typeof item === 'object') {
      out[key] = Object.keys(item);
      continue;
    }
    out[key] = SECRET_FIELD.test(key) ? REDACTED : redactValue(item, depth + 1);
  }
  return out;
}

/** At most `max` characters, saying so when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}
