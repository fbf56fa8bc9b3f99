import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { App } from '../../http/app-type';
import { issuerUrlProblem } from '../sso/issuer-client';
import type { PlatformRow } from './registrations';
import { signingKey } from './tool-keys';

/**
 * Access tokens for the LTI Advantage services (1EdTech Security Framework 1.0 §4.1, "Using JSON Web Tokens with
 * OAuth 2.0 Client Credentials Grants"): the tool proves itself with a JWT signed by its own key — no secret is
 * shared with the LMS — and gets a bearer token for the scopes it asks. Tokens are kept until shortly before they
 * expire, per platform and scopes, so a class's scores do not each fetch one.
 */
export class LtiServiceFailed extends Error {
  constructor(
    message: string,
    /** The LMS did not answer at all (refused connection, timeout), rather than answering no. */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const TIMEOUT_MS = 10_000;
const kept = new Map<string, { token: string; until: number }>();

export async function serviceToken(
  app: App,
  platform: PlatformRow,
  scopes: readonly string[],
): Promise<string> {
  const key = `${platform.id} ${platform.tokenUrl} ${platform.clientId} ${scopes.join(' ')}`;
  const cached = kept.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const problem = issuerUrlProblem(platform.tokenUrl, app.config.sso.allowHttpIssuers);
  if (problem) throw new LtiServiceFailed(`access token URL ${platform.tokenUrl}: ${problem}`);
  const { kid, key: privateKey } = await signingKey(app);
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .setJti(randomUUID())
    .sign(privateKey);
  const response = await fetch(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: assertion,
      scope: scopes.join(' '),
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    // A redirect is refused rather than followed: only the address checked above is ever asked.
    redirect: 'manual',
  }).catch((error: unknown) => {
    throw new LtiServiceFailed(`access token URL ${platform.tokenUrl} unreachable: ${String(error)}`, true);
  });
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
  } | null;
  if (!response.ok || typeof body?.access_token !== 'string') {
    throw new LtiServiceFailed(
      `access token refused by ${platform.tokenUrl}: HTTP ${response.status} ${String(body?.error ?? '')}`.trim(),
    );
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  kept.set(key, { token: body.access_token, until: Date.now() + Math.max(0, lifetime - 60) * 1000 });
  return body.access_token;
}

/** Forgets a platform's tokens (the platform refused one before it expired: it was revoked or the key changed). */
export function forgetTokens(platformId: string): void {
  for (const key of kept.keys()) if (key.startsWith(`${platformId} `)) kept.delete(key);
}

/** A call to a service URL the platform gave, with the token; its failure says what the LMS answered. */
export async function callService(
  app: App,
  url: string,
  init: { method: 'GET' | 'POST'; token: string; accept: string; contentType?: string; body?: string },
): Promise<Response> {
  const problem = issuerUrlProblem(url, app.config.sso.allowHttpIssuers);
  if (problem) throw new LtiServiceFailed(`${url}: ${problem}`);
  const response = await fetch(url, {
    method: init.method,
    headers: {
      authorization: `Bearer ${init.token}`,
      accept: init.accept,
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    body: init.body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'manual',
  }).catch((error: unknown) => {
    throw new LtiServiceFailed(`${url} unreachable: ${String(error)}`, true);
  });
  if (!response.ok) {
    const said = (await response.text().catch(() => '')).slice(0, 300);
    throw new LtiServiceFailed(`${init.method} ${url}: HTTP ${response.status} ${said}`.trim());
  }
  return response;
}
