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
 */
export async function verifySessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return null;
  }
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
