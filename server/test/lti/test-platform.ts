import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * An LTI 1.3 platform built from the 1EdTech specifications' messages alone (Security Framework 1.0 §5.1.1,
 * LTI Core 1.3 §5.1–5.4), since the npm registry holds no platform implementation to test against (decision 074):
 * it starts a third-party initiated login, checks the tool's authentication request as the platform must, and
 * answers with a signed id_token carrying the LTI claims. It publishes its keyset over HTTP like a real LMS.
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;

export interface LaunchSpec {
  sub: string;
  roles?: string[];
  email?: string;
  name?: string;
  messageType?: string;
  version?: string;
  deploymentId?: string;
  targetLinkUri: string;
  resourceLinkId?: string | null;
  /** Claims to set (or, with undefined, remove) after the usual ones: the faults a broken platform sends. */
  override?: Record<string, unknown>;
  /** Sign with a key the platform's keyset does not hold. */
  foreignKey?: boolean;
}

export interface TestPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  loginUrl: string;
  tokenUrl: string;
  keysetUrl: string;
  /** The third-party initiated login's parameters (Security Framework §5.1.1.1), posted to the tool's login URL. */
  loginInitiation(targetLinkUri: string, loginHint: string): Record<string, string>;
  /**
   * Answers the tool's authentication request (its URL, which the browser was sent to) after checking it as a
   * platform must (§5.1.1.2–3): the form_post fields to post back to its redirect_uri.
   */
  authorize(
    authenticationRequest: string,
    launch: LaunchSpec,
  ): Promise<{ redirectUri: string; fields: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startTestPlatform(options: { clientId?: string } = {}): Promise<TestPlatform> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'platform-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ keys: [jwk] }));
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const clientId = options.clientId ?? `tool-${randomBytes(4).toString('hex')}`;
  const deploymentId = 'deployment-1';
  const hints = new Set<string>();

  return {
    issuer: origin,
    clientId,
    deploymentId,
    loginUrl: `${origin}/auth`,
    tokenUrl: `${origin}/token`,
    keysetUrl: `${origin}/jwks`,
    loginInitiation(targetLinkUri, loginHint) {
      hints.add(loginHint);
      return {
        iss: origin,
        login_hint: loginHint,
        target_link_uri: targetLinkUri,
        lti_message_hint: `message-${loginHint}`,
        client_id: clientId,
        lti_deployment_id: deploymentId,
      };
    },
    async authorize(authenticationRequest, launch) {
      const url = new URL(authenticationRequest);
      const asked = Object.fromEntries(url.searchParams);
      const expect = (ok: boolean, what: string) => {
        if (!ok) throw new Error(`the tool's authentication request is wrong: ${what} (${url.href})`);
      };
      expect(url.origin + url.pathname === `${origin}/auth`, 'sent to the platform’s authentication URL');
      expect(asked.scope === 'openid', 'scope=openid');
      expect(asked.response_type === 'id_token', 'response_type=id_token');
      expect(asked.response_mode === 'form_post', 'response_mode=form_post');
      expect(asked.prompt === 'none', 'prompt=none');
      expect(asked.client_id === clientId, 'its client_id');
      expect(hints.has(asked.login_hint ?? ''), 'the login_hint of the initiation');
      expect(
        asked.lti_message_hint === `message-${asked.login_hint}`,
        'the lti_message_hint of the initiation',
      );
      expect(Boolean(asked.nonce) && Boolean(asked.state), 'a nonce and a state');
      expect(Boolean(asked.redirect_uri), 'a redirect_uri');
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload & Record<string, unknown> = {
        nonce: asked.nonce,
        email: launch.email,
        name: launch.name,
        [`${LTI}message_type`]: launch.messageType ?? 'LtiResourceLinkRequest',
        [`${LTI}version`]: launch.version ?? '1.3.0',
        [`${LTI}deployment_id`]: launch.deploymentId ?? deploymentId,
        [`${LTI}target_link_uri`]: launch.targetLinkUri,
        [`${LTI}roles`]: launch.roles ?? [ROLE.learner],
        [`${LTI}context`]: { id: 'course-101', label: 'SCI-7', title: 'Science, class 7' },
        ...(launch.resourceLinkId === null
          ? {}
          : { [`${LTI}resource_link`]: { id: launch.resourceLinkId ?? 'link-1', title: 'Gurukul' } }),
        iat: now,
        exp: now + 300,
      };
      for (const [key, value] of Object.entries(launch.override ?? {})) {
        if (value === undefined) delete claims[key];
        else claims[key] = value;
      }
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'platform-key-1', typ: 'JWT' })
        .setIssuer((claims.iss as string | undefined) ?? origin)
        .setSubject(launch.sub)
        .setAudience((claims.aud as string | string[] | undefined) ?? clientId)
        .sign(launch.foreignKey ? foreign.privateKey : privateKey);
      return { redirectUri: asked.redirect_uri, fields: { id_token: idToken, state: asked.state } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
