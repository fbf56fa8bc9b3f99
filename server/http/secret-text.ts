// What the logs must never hold (docs/decisions/033-developer-logs.md): secrets inside free text, found by their
// shape. Used on request URLs after decoding (loggable-url.ts) and on every stored log line (modules/logs/redact.ts).

export const REDACTED = '[redacted]';

/**
 * Names that, written `name=value`, `name: value` or `"name":"value"` in free text, make the value a secret. The
 * long, distinctive ones count glued to other words too (`newPassword`, `dbPassword`, `userPassword`); the short
 * ones only as a word or after a separator (`db_pw`, not `compass`).
 */
const SECRET_NAME_IN_TEXT =
  '(?:[a-z0-9]*(?:password|passwd|passphrase|passcode|passkey|passwort|contrase(?:ñ|n)a|secret|token|api[-_]?key|apikey|credentials?|signature|jwt|aadhaa?r|cardnumber|securityanswer|recoverycodes?)|(?:[a-z0-9]*[_-])?(?:sig|pass|pwd|pw|pin|otp|key|sid|session[-_]?id|refresh|dsn|bearer|pan|cvv|cvc))';

/** Keys of well-known services, by their published prefixes: Razorpay, OpenAI, AWS, GitHub, Slack, Google. */
const SERVICE_KEYS =
  /\b(?:rzp_(?:live|test)_[A-Za-z0-9]{8,}|sk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{16,}|(?:AKIA|ASIA)[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,})/g;

/** Secrets inside free text: JWTs, bearer tokens, `name=value` pairs whose name is secret-like, URL credentials. */
const TEXT_SECRETS: [RegExp, string][] = [
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, '[redacted jwt]'],
  [
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    '[redacted private key]',
  ],
  [SERVICE_KEYS, '[redacted key]'],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [new RegExp(`\\b(${SECRET_NAME_IN_TEXT}\\b["']?\\s*[:=]\\s*["']?)[^\\s"'&,;}]+`, 'gi'), `$1${REDACTED}`],
  // Credentials in a URL: scheme://user:password@host, or scheme://:password@host (Redis)
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, `$1${REDACTED}@`],
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
