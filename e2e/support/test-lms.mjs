// A learning platform for the LTI journey (decisions 074, 075), written from the 1EdTech messages: a course page
// that shows the tool in an iframe, the third-party initiated login it starts there, the authentication endpoint
// that answers the tool's request with a signed id_token (form_post), and its keyset; the Deep Linking return that
// places the tool's picks (a graded one with a line item); and the Advantage services — a token endpoint taking
// only a client assertion signed with the tool's published key, line items taking scores, the course's roster.
// No LMS implementation is on the npm registry to run instead.
// Usage: node e2e/support/test-lms.mjs <port> <tool URL> <client id>
import { createServer } from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';

const [port, tool, clientId] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
const issuer = `http://127.0.0.1:${port}`;
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const ROLES = {
  Learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  Instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
};
const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'lms-key', alg: 'RS256', use: 'sig' };

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
/** What teachers placed through Deep Linking: the content items of each verified response, in order. */
const placed = [];
const toolKeys = createRemoteJWKSet(new URL(`${tool}/api/lti/jwks`));
const SCOPES = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  roster: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
};
/** Gradebook columns made for graded items: id → { label, scoreMaximum, resourceId, scores: { userId: score } }. */
const lineItems = new Map();
/** Access tokens issued: token → scopes. */
const tokens = new Map();
/** The course's members as its roster lists them: everyone who launched, and one learner who has not yet. */
const members = new Map([
  [
    'moodle-learner-priya',
    { user_id: 'moodle-learner-priya', name: 'Priya Nair', roles: [ROLES.Learner], status: 'Active' },
  ],
]);

async function bodyOf(request) {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}
const json = (response, status, body, type = 'application/json') => {
  response.writeHead(status, { 'content-type': type });
  response.end(JSON.stringify(body));
};
const scopesOf = (request) => tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, '')) ?? [];

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A page that posts a form at once: how an LMS moves the browser through a login or a launch. */
const autoPost = (action, fields) =>
  `<!doctype html><form method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')}</form><script>document.forms[0].submit()</script>`;

const html = (response, body) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
};

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', issuer);
  const q = Object.fromEntries(url.searchParams);
  if (url.pathname === '/health') return html(response, 'ok');
  if (url.pathname === '/jwks') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify({ keys: [jwk] }));
  }
  if (url.pathname === '/placed') return json(response, 200, placed);
  if (url.pathname === '/scores') {
    // What the gradebook holds, for the journey to read.
    return json(
      response,
      200,
      [...lineItems.values()].map((item) => ({ ...item, scores: Object.values(item.scores) })),
    );
  }
  if (url.pathname === '/token' && request.method === 'POST') {
    // Security Framework §4.1: a client credentials grant whose client assertion the tool signed with its key.
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
    try {
      if (form.grant_type !== 'client_credentials') throw new Error('grant_type');
      if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        throw new Error('client_assertion_type');
      await jwtVerify(form.client_assertion, toolKeys, {
        issuer: clientId,
        subject: clientId,
        audience: `${issuer}/token`,
        requiredClaims: ['jti'],
      });
    } catch {
      return json(response, 401, { error: 'invalid_client' });
    }
    const granted = (form.scope ?? '').split(' ').filter((scope) => Object.values(SCOPES).includes(scope));
    const token = `token-${tokens.size + 1}-${Date.now()}`;
    tokens.set(token, granted);
    return json(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: granted.join(' '),
    });
  }
  const scorePath = /^\/lineitems\/([^/]+)\/scores$/.exec(url.pathname);
  if (scorePath && request.method === 'POST') {
    // AGS §3.4: a score for one learner; the newest by timestamp is kept.
    const item = lineItems.get(scorePath[1]);
    if (!item) return json(response, 404, { error: 'no such line item' });
    if (!scopesOf(request).includes(SCOPES.score)) return json(response, 401, { error: 'invalid_token' });
    if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json')
      return json(response, 415, { error: 'media type' });
    const score = JSON.parse(await bodyOf(request));
    const held = item.scores[score.userId];
    if (!held || Date.parse(held.timestamp) <= Date.parse(score.timestamp)) item.scores[score.userId] = score;
    response.writeHead(204);
    return response.end();
  }
  if (url.pathname === '/memberships/science-7') {
    // NRPS §2.4: the course's members.
    if (!scopesOf(request).includes(SCOPES.roster)) return json(response, 401, { error: 'invalid_token' });
    return json(
      response,
      200,
      {
        id: url.href,
        context: { id: 'science-7', title: 'Science, class 7' },
        members: [...members.values()],
      },
      'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
    );
  }
  if (url.pathname === '/deep-link-return' && request.method === 'POST') {
    // The tool's Deep Linking response (Deep Linking 2.0 §4.5), verified with its published keyset.
    let body = '';
    for await (const chunk of request) body += chunk;
    const jwt = new URLSearchParams(body).get('JWT') ?? '';
    try {
      const { payload } = await jwtVerify(jwt, toolKeys, { issuer: clientId, audience: issuer });
      if (payload[`${LTI}message_type`] !== 'LtiDeepLinkingResponse')
        throw new Error('not a deep linking response');
      if (payload[`${DL}data`] !== 'lms-context-science-7') throw new Error('data not returned');
      for (const item of payload[`${DL}content_items`]) {
        // A graded item gets its gradebook column, as the LMS makes one from the item's lineItem.
        if (item.lineItem) {
          const id = String(lineItems.size + 1);
          lineItems.set(id, { ...item.lineItem, scores: {} });
          item.lineItemUrl = `${issuer}/lineitems/${id}`;
        }
        placed.push(item);
      }
      return html(
        response,
        `<!doctype html><title>Placed</title><h1>Added to Science, class 7</h1><ul>${payload[
          `${DL}content_items`
        ]
          .map((item) => `<li>${escapeHtml(item.title)}${item.lineItem ? ' (graded)' : ''}</li>`)
          .join('')}</ul>`,
      );
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      return response.end(`refused deep linking response: ${error.message}`);
    }
  }
  if (url.pathname === '/course') {
    // The course page of the LMS, with Gurukul in a frame as Moodle and Canvas show an activity.
    const start = `/start?${url.searchParams}`;
    return html(
      response,
      `<!doctype html><title>Science 7 — LMS</title><h1>Science, class 7</h1><iframe title="Gurukul" src="${escapeHtml(start)}" style="width:100%;height:640px"></iframe>`,
    );
  }
  if (url.pathname === '/start') {
    // Third-party initiated login (Security Framework §5.1.1.1): the person travels as an opaque login_hint.
    return html(
      response,
      autoPost(`${tool}/api/lti/login`, {
        iss: issuer,
        login_hint: Buffer.from(JSON.stringify(q)).toString('base64url'),
        target_link_uri:
          placed.find((item) => item.title === q.placed)?.url ??
          (q.mode === 'deep-link' ? `${tool}/api/lti/launch` : `${tool}/subscribed-courses`),
        client_id: clientId,
        lti_deployment_id: 'deployment-1',
      }),
    );
  }
  if (url.pathname === '/auth') {
    // The tool's authentication request (§5.1.1.2), checked as a platform must before it answers (§5.1.1.3).
    const ok =
      q.scope === 'openid' &&
      q.response_type === 'id_token' &&
      q.response_mode === 'form_post' &&
      q.prompt === 'none' &&
      q.client_id === clientId &&
      q.redirect_uri === `${tool}/api/lti/launch` &&
      q.nonce &&
      q.state;
    if (!ok) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      return response.end('invalid authentication request');
    }
    const person = JSON.parse(Buffer.from(q.login_hint, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const role = ROLES[person.role] ?? ROLES.Learner;
    members.set(person.user, { user_id: person.user, name: person.name, roles: [role], status: 'Active' });
    // Opening a placed item launches its link: its URL, its custom parameters and, when graded, its line item.
    const item = person.placed ? placed.find((candidate) => candidate.title === person.placed) : null;
    // A teacher adding an activity sends a Deep Linking request; anyone opening one, a resource link launch.
    const message =
      person.mode === 'deep-link'
        ? {
            [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
            [`${LTI}target_link_uri`]: `${tool}/api/lti/launch`,
            [`${DL}deep_linking_settings`]: {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              accept_presentation_document_targets: ['iframe', 'window'],
              accept_multiple: true,
              data: 'lms-context-science-7',
            },
          }
        : {
            [`${LTI}message_type`]: 'LtiResourceLinkRequest',
            [`${LTI}target_link_uri`]: item?.url || `${tool}/subscribed-courses`,
            [`${LTI}resource_link`]: {
              id: item ? `placed-${placed.indexOf(item)}` : 'activity-1',
              title: item?.title ?? 'Gurukul',
            },
            ...(item?.custom ? { [`${LTI}custom`]: item.custom } : {}),
            ...(item?.lineItemUrl
              ? {
                  'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                    scope: [SCOPES.score],
                    lineitem: item.lineItemUrl,
                    lineitems: `${issuer}/lineitems`,
                  },
                }
              : {}),
          };
    const idToken = await new SignJWT({
      nonce: q.nonce,
      name: person.name,
      email: person.email || undefined,
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: 'deployment-1',
      ...message,
      [`${LTI}roles`]: [role],
      [`${LTI}context`]: { id: 'science-7', label: 'SCI-7', title: 'Science, class 7' },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${issuer}/memberships/science-7`,
        service_versions: ['2.0'],
      },
      iat: now,
      exp: now + 300,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'lms-key' })
      .setIssuer(issuer)
      .setSubject(person.user)
      .setAudience(clientId)
      .sign(privateKey);
    return html(response, autoPost(q.redirect_uri, { id_token: idToken, state: q.state }));
  }
  response.writeHead(404);
  response.end();
}).listen(port, '127.0.0.1');
