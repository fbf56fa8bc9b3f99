import { describe, expect, it } from 'vitest';
import { normaliseContact, normaliseEmail, payerKeys } from './same-person';

describe('normaliseEmail', () => {
  it('lower-cases and strips plus-addressing at every provider', () => {
    expect(normaliseEmail('Partner+Self@Example.ORG')).toBe('partner@example.org');
    expect(normaliseEmail('partner+self+more@school.edu.in')).toBe('partner@school.edu.in');
    expect(normaliseEmail('  partner@example.org  ')).toBe('partner@example.org');
  });

  it('drops dots only where the provider ignores them, and knows googlemail is gmail', () => {
    expect(normaliseEmail('First.Last+x@gmail.com')).toBe('firstlast@gmail.com');
    expect(normaliseEmail('f.i.r.s.t.l.a.s.t@googlemail.com')).toBe('firstlast@gmail.com');
    expect(normaliseEmail('first.last@example.org')).toBe('first.last@example.org');
    expect(normaliseEmail('first.last@outlook.com')).not.toBe(normaliseEmail('firstlast@outlook.com'));
  });

  it('folds Unicode compatibility forms and writes international domains in their ASCII form', () => {
    // Full-width letters and the full-width at sign and dot are the same mailbox.
    expect(normaliseEmail('ｐａｒｔｎｅｒ＋ｓｅｌｆ＠ｇｍａｉｌ．ｃｏｍ')).toBe('partner@gmail.com');
    expect(normaliseEmail('PARTNER@GMAIL.COM.')).toBe('partner@gmail.com');
    expect(normaliseEmail('दीपक@उदाहरण.भारत')).toBe(normaliseEmail('दीपक@xn--p1b6ci4b4b3a.xn--h2brj9c'));
    expect(normaliseEmail('Ünïcode+tag@Bücher.example')).toBe('ünïcode@xn--bcher-kva.example');
    // Composed and decomposed forms of one letter are one address.
    expect(normaliseEmail('jose\u0301@example.org')).toBe(normaliseEmail('josé@example.org'));
  });

  it('keeps what is not an address to compare as it is, and a leading plus', () => {
    expect(normaliseEmail('no-at-sign')).toBe('no-at-sign');
    expect(normaliseEmail('+tag@example.org')).toBe('+tag@example.org');
    expect(normaliseEmail('"a@b"@example.org')).toBe('"a@b"@example.org');
  });
});

describe('payer identities', () => {
  it('reads a phone number as its last ten digits', () => {
    expect(normaliseContact('+91 98765-43210')).toBe('9876543210');
    expect(normaliseContact('09876543210')).toBe('9876543210');
    expect(normaliseContact('９８７６５４３２１０')).toBe('9876543210');
  });

  it('hashes each field with the secret, alike for the same person however written', () => {
    const secret = 'a-test-secret-of-enough-length';
    const one = payerKeys(secret, {
      email: 'First.Last+shop@gmail.com',
      contact: '+91 98765 43210',
      vpa: 'Partner@OKAXIS',
    });
    const two = payerKeys(secret, {
      email: 'firstlast@googlemail.com',
      contact: 9876543210,
      vpa: 'partner@okaxis',
    });
    expect(one).toHaveLength(3);
    expect(two).toEqual(one);
    expect(one.join(' ')).not.toMatch(/gmail|9876|okaxis/i);
    expect(payerKeys('another-secret-of-enough-length', { email: 'firstlast@gmail.com' })[0]).not.toBe(
      one[0],
    );
    expect(
      payerKeys(secret, { email: null, contact: null, vpa: ' ', customerId: 'cust_1', tokenId: 'token_1' }),
    ).toEqual([expect.stringMatching(/^customer:/), expect.stringMatching(/^token:/)]);
  });
});
