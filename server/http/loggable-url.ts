import { carriesSecret } from './secret-text';

/**
 * A request URL as it may be logged (stdout and the stored logs at /logs): capability tokens in the path and
 * secret-bearing query values masked. Masking runs on what the server reads, not on the bytes sent: names and
 * values are percent-decoded first (`password%3A…`, `Bearer%20…`, `%69nvitations`), and path parameters are
 * masked by the route pattern the router matched (so any spelling of the path that reaches `:token` is masked).
 * It never throws: a URL it cannot decode is masked where decoding failed (issue 30: `GET /?%` stopped the server
 * from inside the request logger).
 */
export function loggableUrl(rawUrl: string, route?: MatchedRoute): string {
  const at = rawUrl.indexOf('?');
  const rawPath = at < 0 ? rawUrl : rawUrl.slice(0, at);
  const path = maskPath(rawPath, route);
  if (at < 0) return path;
  const query = rawUrl
    .slice(at + 1)
    .split('&')
    .map(maskQueryPair)
    .join('&');
  return `${path}?${query}`;
}

/** The route the router matched: its pattern (`/api/invitations/:token`) and the parameters it read. */
export interface MatchedRoute {
  pattern?: string;
  params?: unknown;
}

export const MASK = '[redacted]';

/**
 * Words that make a parameter's name secret, matched on the name cut into words (camelCase, `_`, `-`, `.`,
 * brackets): `smtp_url`, `refreshToken`, `user[pass]`, `x-api-key` all carry one.
 */
const SECRET_WORDS = new Set([
  'pass',
  'passwd',
  'password',
  'passphrase',
  'passcode',
  'pw',
  'pwd',
  'pin',
  'secret',
  'token',
  'tok',
  'sig',
  'signature',
  'key',
  'apikey',
  'auth',
  'authorization',
  'authorisation',
  'bearer',
  'basic',
  'jwt',
  'otp',
  'totp',
  'mfa',
  'session',
  'sessionid',
  'sid',
  'ssid',
  'refresh',
  'cookie',
  'credential',
  'credentials',
  'cred',
  'creds',
  'code',
  'dsn',
  'smtp',
  'private',
  'salt',
  'nonce',
  'hmac',
  'hash',
  'cvv',
  'cvc',
  'passkey',
  'passe',
  'passwort',
  'contraseña',
  'contrasena',
  'senha',
  'card',
  'pan',
  'aadhaar',
  'aadhar',
  'recovery',
]);

/** Name fragments that are secret wherever they appear, even run into other words (`accesstoken`, `dbpassword`). */
const SECRET_FRAGMENTS =
  /token|secret|passw|passphrase|passkey|apikey|credential|bearer|jwt|signature|session|cookie|cardnumber|securityanswer|aadhaa?r|contrase/i;

/** Whether a parameter, field or path-parameter name says that its value is a secret. */
export function isSecretName(name: string): boolean {
  if (SECRET_FRAGMENTS.test(name)) return true;
  const words = name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => SECRET_WORDS.has(word));
}

/**
 * decodeURIComponent that never throws: each valid %XX run is decoded, a malformed one (`%`, `%zz`, a lone
 * continuation byte) is kept as sent. With `plus`, `+` is a space (query strings).
 */
export function safeDecode(text: string, plus = false): string {
  const spaced = plus ? text.replace(/\+/g, ' ') : text;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function maskQueryPair(pair: string): string {
  const eq = pair.indexOf('=');
  const rawName = eq < 0 ? pair : pair.slice(0, eq);
  const name = safeDecode(rawName, true);
  // A name that is itself a secret's shape (`password:hunter2` sent as a name) is masked whole.
  if (carriesSecret(name)) return eq < 0 ? MASK : `${MASK}=${MASK}`;
  if (eq < 0) return pair;
  if (isSecretName(name)) return `${rawName}=${MASK}`;
  const value = safeDecode(pair.slice(eq + 1), true);
  return carriesSecret(value) ? `${rawName}=${MASK}` : pair;
}

/**
 * Paths whose segment after the prefix is a capability, for requests no route matched (a 404 still logs its
 * path): the same routes' prefixes, compared after decoding.
 */
const SECRET_PATH_PREFIXES = /^(\/api\/(?:invitations|learning\/share)\/)[^/]+/i;

function maskPath(rawPath: string, route?: MatchedRoute): string {
  const segments = rawPath.split('/');
  const secretValues = new Set<string>();
  if (route?.pattern && route.params && typeof route.params === 'object') {
    for (const [name, value] of Object.entries(route.params as Record<string, unknown>)) {
      if (typeof value === 'string' && value !== '' && isSecretName(name)) secretValues.add(value);
    }
  }
  const masked = segments.map((segment) => {
    const decoded = safeDecode(segment);
    if (secretValues.has(decoded) || secretValues.has(segment)) return MASK;
    return carriesSecret(decoded) ? MASK : segment;
  });
  const path = masked.join('/');
  // `//`, `/./` and `/x/../` spellings of a capability path, read as the path they name.
  const decodedPath = normalisePath(safeDecode(path));
  // Unmatched paths (and any spelling of a capability route the router did not match) by their decoded prefix.
  return SECRET_PATH_PREFIXES.test(decodedPath)
    ? decodedPath.replace(SECRET_PATH_PREFIXES, `$1${MASK}`)
    : path;
}

/** A path with empty and `.` segments dropped and `..` applied, as a file system or a proxy might read it. */
function normalisePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}
