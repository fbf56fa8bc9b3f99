// A learning platform for the LTI journey (decision 074), written from the 1EdTech messages: a course page that
// shows the tool in an iframe, the third-party initiated login it starts there, the authentication endpoint that
// answers the tool's request with a signed id_token (form_post), and its keyset. No LMS implementation is on the
// npm registry to run instead. Usage: node e2e/support/test-lms.mjs <port> <tool URL> <client id>
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
  if (url.pathname === '/placed') {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify(placed));
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
      placed.push(...payload[`${DL}content_items`]);
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
          q.target || (q.mode === 'deep-link' ? `${tool}/api/lti/launch` : `${tool}/subscribed-courses`),
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
            [`${LTI}target_link_uri`]: person.target || `${tool}/subscribed-courses`,
            [`${LTI}resource_link`]: {
              id: person.target ? `placed-${person.target}` : 'activity-1',
              title: 'Gurukul',
            },
          };
    const idToken = await new SignJWT({
      nonce: q.nonce,
      name: person.name,
      email: person.email || undefined,
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: 'deployment-1',
      ...message,
      [`${LTI}roles`]: [ROLES[person.role] ?? ROLES.Learner],
      [`${LTI}context`]: { id: 'science-7', label: 'SCI-7', title: 'Science, class 7' },
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
