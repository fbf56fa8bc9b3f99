import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  hashLinkToken,
  newLinkToken,
  signSessionToken,
  tokenFromAuthorization,
  verifySessionToken,
} from './tokens';

const SECRET = 'unit-test-secret-0123456789abcdef';
const claims = { sub: '11111111-1111-4111-8111-111111111111', sid: '22222222-2222-4222-8222-222222222222' };
const inOneHour = () => new Date(Date.now() + 3600_000);

describe('tokenFromAuthorization', () => {
  it('reads jwtToken from the JSON header of SPEC §7 and ignores its other claims', () => {
    const header = JSON.stringify({ jwtToken: 'a.b.c', userId: 'x', userType: 'admin', trialEnded: false });
    expect(tokenFromAuthorization(header)).toBe('a.b.c');
    expect(tokenFromAuthorization(`  ${header}  `)).toBe('a.b.c');
  });

  it('reads a Bearer token in any letter case', () => {
    expect(tokenFromAuthorization('Bearer a.b.c')).toBe('a.b.c');
    expect(tokenFromAuthorization('bearer   a.b.c')).toBe('a.b.c');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['garbage', 'not a header'],
    ['Basic credentials', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer '],
    ['broken JSON', '{"jwtToken": "a.b.c"'],
    ['JSON without jwtToken', JSON.stringify({ userId: 'x', userType: 'admin' })],
    ['JSON with an empty jwtToken', JSON.stringify({ jwtToken: '' })],
    ['JSON with a non-string jwtToken', JSON.stringify({ jwtToken: 42 })],
    ['JSON null jwtToken', JSON.stringify({ jwtToken: null })],
  ])('answers null for %s', (_label, header) => {
    expect(tokenFromAuthorization(header)).toBeNull();
  });
});

describe('session tokens', () => {
  it('signs HS256 with subject, session id, issuer and expiry, and verifies back', async () => {
    const expiresAt = inOneHour();
    const token = await signSessionToken(claims, expiresAt, SECRET);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(decodeJwt(token)).toMatchObject({ sub: claims.sub, sid: claims.sid, iss: 'gurukul' });
    expect(decodeJwt(token).exp).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(await verifySessionToken(token, SECRET)).toEqual(claims);
  });

  it('refuses another secret, an expired token, a tampered payload and junk', async () => {
    const token = await signSessionToken(claims, inOneHour(), SECRET);
    expect(await verifySessionToken(token, `${SECRET}x`)).toBeNull();
    expect(
      await verifySessionToken(await signSessionToken(claims, new Date(Date.now() - 5000), SECRET), SECRET),
    ).toBeNull();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(await verifySessionToken(`${header}.${forgedPayload}.${signature}`, SECRET)).toBeNull();
    for (const junk of ['', 'a.b.c', 'not-a-jwt']) expect(await verifySessionToken(junk, SECRET)).toBeNull();
  });

  it('refuses a token without an expiry, though its signature and issuer are right', async () => {
    const endless = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('gurukul')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySessionToken(endless, SECRET)).toBeNull();
  });
});

describe('verified tokens kept in memory', () => {
  it('still refuses, once a token was verified, the same token under another secret or with a changed byte', async () => {
    const token = await signSessionToken(claims, inOneHour(), SECRET);
    expect(await verifySessionToken(token, SECRET)).toEqual(claims);
    expect(await verifySessionToken(token, SECRET)).toEqual(claims);
    expect(await verifySessionToken(token, `${SECRET}x`)).toBeNull();
    // A character inside the signature (the last one's low bits are padding a lenient decoder may ignore).
    const at = token.length - 10;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await verifySessionToken(changed, SECRET)).toBeNull();
  });

  it('refuses a remembered token once its expiry has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const token = await signSessionToken(claims, new Date(Date.now() + 60_000), SECRET);
      expect(await verifySessionToken(token, SECRET)).toEqual(claims);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await verifySessionToken(token, SECRET)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('link tokens', () => {
  it('are random, URL-safe and stored only as their SHA-256', () => {
    const first = newLinkToken();
    const second = newLinkToken();
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).toBe(hashLinkToken(first.token));
    expect(first.hash).not.toContain(first.token);
  });
});
