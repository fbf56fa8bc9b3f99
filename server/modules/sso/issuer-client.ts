import * as oidc from 'openid-client';
import type { SsoFailure } from '../../../common/contracts/sso';
import { hostMayBePublic } from '../../http/public-address';

/**
 * openid-client 6 behind the few calls single sign-on makes (decision 072 has what was checked on Node 20):
 * discovery, the authorization URL with PKCE, state and nonce, and the code exchange whose id_token it checks
 * against the issuer's keys (signature, issuer, audience, nonce, expiry with 30 s tolerance).
 */

export interface IssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain http and this machine's own addresses allowed (SSO_ALLOW_HTTP_ISSUERS, the tests' provider). */
  allowHttp: boolean;
}

/** A refused sign-in: the reason the page names, and what the developer logs keep. */
export class SignInRefused extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const DISCOVERY_TIMEOUT_S = 10;

/**
 * Why the server must not fetch this issuer, or null. An institute types the URL and the server fetches it:
 * https only, and never one of the machine's own or private addresses (unless the tests' setting allows).
 */
export function issuerUrlProblem(issuer: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'not a URL';
  }
  if (allowHttp) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not http(s)';
  if (url.protocol !== 'https:') return 'the issuer must use https';
  if (!hostMayBePublic(url)) return 'the issuer is on a private or local address';
  return null;
}

/** Reads the issuer's discovery document; a failure says what was asked and why it failed. */
export async function discoverIssuer(settings: IssuerSettings): Promise<oidc.Configuration> {
  const problem = issuerUrlProblem(settings.issuer, settings.allowHttp);
  if (problem) throw new SignInRefused('unreachable', `${settings.issuer}: ${problem}`);
  try {
    return await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_S,
        execute: settings.allowHttp ? [oidc.allowInsecureRequests] : [],
      },
    );
  } catch (error) {
    throw new SignInRefused('unreachable', `${settings.issuer}: ${describe(error)}`);
  }
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationStart(
  config: oidc.Configuration,
  redirectUri: string,
  loginHint?: string,
): Promise<AuthorizationStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

export interface IdClaims {
  iss: string;
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** Microsoft's "the e-mail's domain is verified by its owner" (optional claim xms_edov). */
  microsoftDomainVerified: boolean;
}

/**
 * Trades the code for tokens and returns the id_token's checked claims. `callbackUrl` is the redirect URI with
 * the query the issuer sent (built from PUBLIC_URL, never from the Host header).
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<IdClaims> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(error, config.serverMetadata().issuer);
  }
  const claims = tokens.claims();
  if (!claims) throw new SignInRefused('token', 'no id_token in the token response');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    iss: claims.iss,
    sub: claims.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    name: text(claims.name),
    microsoftDomainVerified: claims.xms_edov === true || claims.xms_edov === 1,
  };
}

const CLAIM_REASONS: Record<string, SsoFailure> = {
  aud: 'audience',
  nonce: 'nonce',
  iss: 'issuer',
  azp: 'audience',
};

/** openid-client's errors as the reasons an admin can act on (decision 072's table). */
export function refusalOf(error: unknown, issuer: string): SignInRefused {
  const detail = describe(error);
  if (error instanceof oidc.AuthorizationResponseError) {
    return new SignInRefused(error.error === 'access_denied' ? 'denied' : 'token', detail);
  }
  if (error instanceof oidc.ResponseBodyError) {
    if (error.error === 'invalid_grant') return new SignInRefused('grant', detail);
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client')
      return new SignInRefused('client', detail);
    return new SignInRefused('token', detail);
  }
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    return new SignInRefused(CLAIM_REASONS[comparedClaim(error) ?? ''] ?? 'token', detail);
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SignInRefused('clock', detail);
  if (
    code === 'OAUTH_TIMEOUT' ||
    code === 'OAUTH_ABORT' ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    error instanceof TypeError
  ) {
    return new SignInRefused('unreachable', `${issuer}: ${detail}`);
  }
  return new SignInRefused('token', detail);
}

/** The claim a failed comparison names: openid-client wraps oauth4webapi's error, which carries it. */
function comparedClaim(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const claim = (current as { claim?: unknown }).claim;
    if (typeof claim === 'string') return claim;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: string; error?: string }).code ?? (current as { error?: string }).error;
    parts.push(code ? `${code}: ${current.message}` : current.message);
    current = current.cause;
  }
  return parts.join(' ← ').slice(0, 500) || String(error);
}
