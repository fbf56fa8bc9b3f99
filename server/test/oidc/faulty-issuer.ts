import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * An issuer that signs what a broken or hostile provider would: an id_token for another audience, or one that
 * expired an hour ago. oidc-provider cannot be made to issue these (decision 072), so the faults come from here,
 * signed with jose and published through a real discovery document and keyset; everything else runs against
 * the real provider.
 */
export type Fault = 'audience' | 'expired' | 'none';

export interface FaultyIssuer {
  issuer: string;
  fault: Fault;
  close(): Promise<void>;
}

export async function startFaultyIssuer(clientId: string): Promise<FaultyIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fault-key', alg: 'RS256', use: 'sig' };
  const nonces = new Map<string, string>();
  const state: FaultyIssuer = { issuer: '', fault: 'none', close: async () => undefined };
  const json = (body: unknown) => JSON.stringify(body);
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', state.issuer);
    const send = (body: string, type = 'application/json') => {
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(
        json({
          issuer: state.issuer,
          authorization_endpoint: `${state.issuer}/auth`,
          token_endpoint: `${state.issuer}/token`,
          jwks_uri: `${state.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        }),
      );
    }
    if (url.pathname === '/jwks') return send(json({ keys: [jwk] }));
    if (url.pathname === '/auth') {
      const code = randomBytes(12).toString('hex');
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(303, { location: back.href });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const code = new URLSearchParams(body).get('code') ?? '';
      const now = Math.floor(Date.now() / 1000);
      const times =
        state.fault === 'expired' ? { iat: now - 7200, exp: now - 3600 } : { iat: now, exp: now + 600 };
      const idToken = await new SignJWT({
        email: 'faulty@faulty.test',
        email_verified: true,
        name: 'Faulty Person',
        nonce: nonces.get(code) ?? '',
        ...times,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'fault-key' })
        .setIssuer(state.issuer)
        .setSubject('faulty-subject')
        .setAudience(state.fault === 'audience' ? 'another-application' : clientId)
        .sign(privateKey);
      return send(json({ access_token: 'at', token_type: 'Bearer', expires_in: 600, id_token: idToken }));
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
