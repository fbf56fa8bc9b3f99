import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'gurukul';

export interface SessionClaims {
  /** users.id */
  sub: string;
  /** sessions.id: looked up on every request so revocation is immediate. */
  sid: string;
}

export async function signSessionToken(
  claims: SessionClaims,
  expiresAt: Date,
  secret: string,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
}

/**
 * Verifies signature (HS256 only: the algorithm is pinned), issuer and expiry. Null when any fails.
 * `exp` is required: jose only checks an expiry that is present, and a token that never expires must not exist.
 * A token verified before is answered from memory until its `exp` (issue 38: Web Crypto's HMAC was a tenth of a
 * signed-in request's time); the token is the whole signed string, so a changed byte is a miss and verified afresh,
 * and the session behind it is still looked up on every request.
 */
export async function verifySessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  const verified = verifiedTokensFor(secret);
  const known = verified.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { sub: payload.sub, sid: payload.sid };
    remember(verified, token, { claims, expiresAtMs: (payload.exp as number) * 1000 });
    return claims;
  } catch {
    return null;
  }
}

interface VerifiedToken {
  claims: SessionClaims;
  expiresAtMs: number;
}

/** Tokens verified per secret, oldest first: about a school's morning of signed-in browsers per process. */
const VERIFIED_KEPT = 10_000;
const verifiedTokens = new Map<string, Map<string, VerifiedToken>>();
const keys = new Map<string, Uint8Array>();

function verifiedTokensFor(secret: string): Map<string, VerifiedToken> {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  return verified;
}

function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

function remember(verified: Map<string, VerifiedToken>, token: string, entry: VerifiedToken): void {
  if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  verified.set(token, entry);
}

/** Random single-use token for e-mail links; only its SHA-256 is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The spec's Authorization header is a JSON value holding jwtToken (and claims we ignore);
 * "Bearer <jwt>" is accepted too. Only the JWT is ever used.
 */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { jwtToken?: unknown };
      return typeof parsed.jwtToken === 'string' && parsed.jwtToken ? parsed.jwtToken : null;
    } catch {
      return null;
    }
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  return bearer ? bearer[1] : null;
}
