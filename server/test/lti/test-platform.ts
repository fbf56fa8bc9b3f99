import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

/**
 * An LTI 1.3 platform built from the 1EdTech specifications' messages alone (Security Framework 1.0 §5.1.1,
 * LTI Core 1.3 §5.1–5.4), since the npm registry holds no platform implementation to test against (decision 074):
 * it starts a third-party initiated login, checks the tool's authentication request as the platform must, and
 * answers with a signed id_token carrying the LTI claims. It publishes its keyset over HTTP like a real LMS, and
 * serves the LTI Advantage services the same way: a token endpoint that takes only a client assertion signed with
 * the tool's key (Security Framework §4.1), line items taking scores (AGS 2.0 §3.4) and course rosters with pages
 * (NRPS 2.0 §2.4).
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
  /** The line item this resource link grades (the AGS endpoint claim, with the score scope). */
  lineItemUrl?: string;
  /** The custom parameters the link was placed with (Deep Linking's `custom`). */
  custom?: Record<string, string>;
  /** The LMS course launched from; its roster URL goes in the NRPS claim. Default course-101. */
  contextId?: string;
}

/** A score as the platform received it (AGS §3.4), with the scope of the token that sent it. */
export interface ReceivedScore {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

/** A course member as NRPS §2.4 lists them. */
export interface RosterMember {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  email?: string;
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
  /** What Integrations asks to register this platform (the values its admin screen shows), with `overrides`. */
  registration(overrides?: Record<string, string>): Record<string, string>;
  /** Makes a line item (what the LMS does for a Deep Linking item with a lineItem): its URL. */
  addLineItem(label: string, scoreMaximum: number): string;
  /** The scores a line item holds, newest per user (a score older than the held one is ignored, AGS §3.4.5). */
  scoresOf(lineItemUrl: string): ReceivedScore[];
  /** The next `count` score posts are answered 503, as an LMS under maintenance would. */
  failNextScores(count: number): void;
  /** The course's members, served `pageSize` per page with Link rel="next". */
  setRoster(contextId: string, members: RosterMember[], pageSize?: number): void;
  /** Access tokens issued, by the scopes asked. */
  readonly tokensIssued: string[][];
  close(): Promise<void>;
}

/** A form post as a platform sends it (login initiation, form_post launch), for `app.inject`. */
export const formPost = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const ROSTER_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTestPlatform(
  options: {
    clientId?: string;
    /** The tool's public keyset, as the LMS reads it from the tool's keyset URL, to check client assertions. */
    toolKeyset?: () => Promise<JSONWebKeySet>;
  } = {},
): Promise<TestPlatform> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'platform-key-1', alg: 'RS256', use: 'sig' };
  const tokens = new Map<string, string[]>();
  const tokensIssued: string[][] = [];
  const lineItems = new Map<
    string,
    { label: string; scoreMaximum: number; scores: Map<string, ReceivedScore> }
  >();
  const rosters = new Map<string, { members: RosterMember[]; pageSize: number }>();
  let failingScores = 0;
  const json = (response: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type });
    response.end(JSON.stringify(body));
  };
  /** The bearer token's scopes, or null (answered 401) when it is not one this platform issued. */
  const scopesOf = (request: IncomingMessage) =>
    tokens.get((request.headers.authorization ?? '').replace(/^Bearer /u, '')) ?? null;

  // The Security Framework §4.1 token endpoint: a client credentials grant with a JWT client assertion signed by
  // the tool's key, whose iss and sub are the client id and whose audience is this endpoint.
  const issueToken = async (request: IncomingMessage, response: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
    if (form.grant_type !== 'client_credentials' || form.client_assertion_type !== ASSERTION_TYPE) {
      return json(response, 400, { error: 'unsupported_grant_type' });
    }
    if (!options.toolKeyset) return json(response, 400, { error: 'invalid_client' });
    try {
      const { payload } = await jwtVerify(
        form.client_assertion ?? '',
        createLocalJWKSet(await options.toolKeyset()),
        {
          issuer: clientId,
          subject: clientId,
          audience: `${origin}/token`,
          requiredClaims: ['jti', 'exp', 'iat'],
        },
      );
      if (!payload.jti) throw new Error('no jti');
    } catch {
      return json(response, 401, { error: 'invalid_client' });
    }
    const asked = (form.scope ?? '').split(' ').filter(Boolean);
    const granted = asked.filter((scope) => scope === SCORE_SCOPE || scope === ROSTER_SCOPE);
    const token = randomBytes(16).toString('hex');
    tokens.set(token, granted);
    tokensIssued.push(granted);
    return json(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: granted.join(' '),
    });
  };

  const takeScore = async (request: IncomingMessage, response: ServerResponse, itemId: string) => {
    const item = lineItems.get(itemId);
    if (!item) return json(response, 404, { error: 'no such line item' });
    if (!scopesOf(request)?.includes(SCORE_SCOPE)) return json(response, 401, { error: 'invalid_token' });
    if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') {
      return json(response, 415, { error: 'the score media type is application/vnd.ims.lis.v1.score+json' });
    }
    if (failingScores > 0) {
      failingScores -= 1;
      return json(response, 503, { error: 'maintenance' });
    }
    const score = JSON.parse(await bodyOf(request)) as ReceivedScore;
    const complete =
      typeof score.userId === 'string' &&
      typeof score.scoreGiven === 'number' &&
      typeof score.scoreMaximum === 'number' &&
      score.scoreMaximum > 0 &&
      Boolean(score.activityProgress) &&
      Boolean(score.gradingProgress) &&
      !Number.isNaN(Date.parse(score.timestamp));
    if (!complete) return json(response, 400, { error: 'incomplete score' });
    const held = item.scores.get(score.userId);
    if (!held || Date.parse(held.timestamp) <= Date.parse(score.timestamp))
      item.scores.set(score.userId, score);
    response.writeHead(204);
    return response.end();
  };

  const listMembers = (request: IncomingMessage, response: ServerResponse, url: URL, contextId: string) => {
    if (!scopesOf(request)?.includes(ROSTER_SCOPE)) return json(response, 401, { error: 'invalid_token' });
    const roster = rosters.get(contextId) ?? { members: [], pageSize: 100 };
    const page = Number(url.searchParams.get('page') ?? '0');
    const slice = roster.members.slice(page * roster.pageSize, (page + 1) * roster.pageSize);
    if ((page + 1) * roster.pageSize < roster.members.length) {
      response.setHeader('link', `<${origin}/memberships/${contextId}?page=${page + 1}>; rel="next"`);
    }
    return json(
      response,
      200,
      { id: url.href, context: { id: contextId }, members: slice },
      'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
    );
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const score = /^\/lineitems\/([^/]+)\/scores$/u.exec(url.pathname);
    const members = /^\/memberships\/([^/]+)$/u.exec(url.pathname);
    const answer = async () => {
      if (url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
      if (url.pathname === '/token' && request.method === 'POST') return issueToken(request, response);
      if (score && request.method === 'POST') return takeScore(request, response, score[1]);
      if (members && request.method === 'GET') return listMembers(request, response, url, members[1]);
      response.writeHead(404);
      response.end();
    };
    answer().catch(() => {
      response.writeHead(500);
      response.end();
    });
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
        [`${LTI}context`]: {
          id: launch.contextId ?? 'course-101',
          label: 'SCI-7',
          title: 'Science, class 7',
        },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
          context_memberships_url: `${origin}/memberships/${launch.contextId ?? 'course-101'}`,
          service_versions: ['2.0'],
        },
        ...(launch.lineItemUrl
          ? {
              'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                scope: [SCORE_SCOPE],
                lineitem: launch.lineItemUrl,
                lineitems: `${origin}/lineitems`,
              },
            }
          : {}),
        ...(launch.custom ? { [`${LTI}custom`]: launch.custom } : {}),
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
    registration(overrides = {}) {
      return {
        name: 'School Moodle',
        issuer: origin,
        clientId,
        deploymentIds: deploymentId,
        loginUrl: `${origin}/auth`,
        tokenUrl: `${origin}/token`,
        keysetUrl: `${origin}/jwks`,
        ...overrides,
      };
    },
    addLineItem(label, scoreMaximum) {
      const id = String(lineItems.size + 1);
      lineItems.set(id, { label, scoreMaximum, scores: new Map() });
      return `${origin}/lineitems/${id}`;
    },
    scoresOf(lineItemUrl) {
      const id = new URL(lineItemUrl).pathname.split('/').pop() ?? '';
      return [...(lineItems.get(id)?.scores.values() ?? [])];
    },
    failNextScores(count) {
      failingScores = count;
    },
    setRoster(contextId, members, pageSize = 100) {
      rosters.set(contextId, { members, pageSize });
    },
    tokensIssued,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
