// What the logs must never hold (docs/decisions/033-developer-logs.md): secrets inside free text, found by their
// shape. Used on request URLs after decoding (loggable-url.ts) and on every stored log line (modules/logs/redact.ts).

export const REDACTED = '[redacted]';

/** Names that, written `name=value` or `name: value` in free text, make the value a secret. */
const SECRET_NAME_IN_TEXT =
  '(?:[a-z]*[_-])?(?:token|signature|sig|password|passwd|passphrase|passcode|pass|pwd|pw|pin|otp|secret|api[-_]?key|apikey|key|jwt|sid|session[-_]?id|refresh|dsn|credentials?|bearer)';

/** Secrets inside free text: JWTs, bearer tokens, `name=value` pairs whose name is secret-like, URL credentials. */
const TEXT_SECRETS: [RegExp, string][] = [
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, '[redacted jwt]'],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [new RegExp(`\\b(${SECRET_NAME_IN_TEXT}\\b["']?\\s*[:=]\\s*["']?)[^\\s"'&,;}]+`, 'gi'), `$1${REDACTED}`],
  // Credentials in a URL: scheme://user:password@host
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, `$1${REDACTED}@`],
];

/** Free text with the secrets it may carry masked. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_SECRETS) out = out.replace(pattern, replacement);
  return out;
}

/** Whether free text carries a secret by its shape. */
export function carriesSecret(text: string): boolean {
  return scrubText(text) !== text;
}
