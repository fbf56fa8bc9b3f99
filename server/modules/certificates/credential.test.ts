import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  jsonLdProblem,
  signWithDigitalBazaar,
  verifyWithDigitalBazaar,
} from '../../test/credential-verifier';
import {
  buildCredential,
  type CredentialInput,
  canonicalJson,
  fromBase58btc,
  issuerDocument,
  keyDocument,
  multikeyOf,
  publicKeyFromMultikey,
  type SignedCredential,
  signCredential,
  toBase58btc,
  verifyCredentialProof,
} from './credential';

/**
 * Open Badges 3.0 credentials with eddsa-jcs-2022 proofs (decision 079). Each credential we sign is also checked by
 * digitalbazaar's verifier (server/test/credential-verifier.ts), which shares no code with ours, and against the
 * W3C test vector of the cryptosuite; the canonical JSON against RFC 8785's own examples.
 */
const ORIGIN = 'https://gurukul.example';
const ISSUER = `${ORIGIN}/api/certificates/issuer`;

const INPUT: CredentialInput = {
  certificateId: 'GK-7Q2M-9XKD',
  verifyUrl: `${ORIGIN}/certificates/GK-7Q2M-9XKD`,
  origin: ORIGIN,
  recipientName: 'Ananya Sharma',
  courseId: '6f1d3c7e-0b1a-4c55-9d0e-2a7b8c9d0e1f',
  courseTitle: 'Foundations of Algebra',
  courseDescription: 'Linear equations, inequalities and graphs, from first principles.',
  criteria: 'Watched 90% of every lesson and passed each quiz at its pass mark.',
  issuerName: 'Sunrise Academy',
  issuedAt: '2025-03-14T09:30:00.000Z',
  language: 'en',
};

interface TestKey {
  keyId: string;
  verificationMethod: string;
  privateKey: KeyObject;
  publicKeyMultibase: string;
}

function makeKey(keyId: string): TestKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    keyId,
    verificationMethod: `${ORIGIN}/api/certificates/keys/${keyId}`,
    privateKey,
    publicKeyMultibase: multikeyOf(publicKey),
  };
}

/** What a verifier dereferences: every key's document, and the issuer document listing `listed`. */
function documentsFor(keys: TestKey[], listed: TestKey[] = keys): Record<string, unknown> {
  return {
    [ISSUER]: issuerDocument(ORIGIN, 'Gurukul', listed),
    ...Object.fromEntries(
      keys.map((key) => [key.verificationMethod, keyDocument(ORIGIN, key.keyId, key.publicKeyMultibase)]),
    ),
  };
}

/** Our verification page's key lookup: the issuer's published keys, by URL. */
const publishedKeys = (keys: TestKey[]) => (verificationMethod: string) => {
  const key = keys.find((candidate) => candidate.verificationMethod === verificationMethod);
  return key ? publicKeyFromMultikey(key.publicKeyMultibase) : null;
};

/** digitalbazaar reports a VerificationError whose `errors` say what failed. */
const messagesOf = (error: unknown): string[] =>
  error instanceof Error
    ? [error.message, ...((error as { errors?: unknown[] }).errors ?? []).flatMap(messagesOf)]
    : Array.isArray(error)
      ? error.flatMap(messagesOf)
      : [];

const signWith = (key: TestKey, input: CredentialInput = INPUT, created?: Date) =>
  signCredential(buildCredential(input), key, created);

describe('the Open Badges 3.0 credential', () => {
  it('is an OpenBadgeCredential naming the learner by name only, every term defined by its contexts', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const credential = buildCredential(INPUT);
    expect(credential).toEqual({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: INPUT.verifyUrl,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: 'Foundations of Algebra',
      issuer: { id: ISSUER, type: ['Profile'], name: 'Sunrise Academy', url: ORIGIN },
      validFrom: '2025-03-14T09:30:00.000Z',
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [
          { type: 'IdentityObject', identityHash: 'Ananya Sharma', identityType: 'name', hashed: false },
        ],
        achievement: {
          id: `${ORIGIN}/api/certificates/achievements/${INPUT.courseId}`,
          type: ['Achievement'],
          achievementType: 'CertificateOfCompletion',
          name: 'Foundations of Algebra',
          description: INPUT.courseDescription,
          criteria: { narrative: INPUT.criteria },
          inLanguage: 'en',
        },
      },
    });
    const signed = signCredential(credential, key);
    expect(await jsonLdProblem(credential)).toBeNull();
    expect(await jsonLdProblem(signed)).toBeNull();
    expect(await jsonLdProblem(documentsFor([key])[ISSUER])).toBeNull();
    expect(await jsonLdProblem(documentsFor([key])[key.verificationMethod])).toBeNull();
    // The check is not vacuous: a word no context defines is refused.
    const withEmail = {
      ...credential,
      credentialSubject: { ...credential.credentialSubject, email: 'a@b.example' },
    };
    expect(await jsonLdProblem(withEmail)).toMatch(/Dropping property.*"email"/);
  });

  it('describes a course without a description by its title (OB 3.0 requires one)', () => {
    const credential = buildCredential({ ...INPUT, courseDescription: '  ' });
    expect(credential.credentialSubject.achievement.description).toBe('Foundations of Algebra');
  });

  it('signed by us, verifies with digitalbazaar’s verifier and with ours', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const signed = signWith(key, INPUT, new Date('2025-03-14T09:30:01.456Z'));
    expect(signed.proof).toEqual({
      '@context': signed['@context'],
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: '2025-03-14T09:30:01Z',
      verificationMethod: key.verificationMethod,
      proofPurpose: 'assertionMethod',
      proofValue: expect.stringMatching(/^z[1-9A-HJ-NP-Za-km-z]{80,90}$/),
    });
    expect(await verifyWithDigitalBazaar(signed, documentsFor([key]))).toEqual({ verified: true });
    expect(verifyCredentialProof(signed, publishedKeys([key]))).toBe(true);
    // As stored and served: through JSON and back.
    expect(verifyCredentialProof(JSON.parse(JSON.stringify(signed)), publishedKeys([key]))).toBe(true);
  });

  it('is signed exactly as digitalbazaar’s signer signs it (Ed25519 is deterministic)', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const created = new Date('2025-03-14T09:31:00Z');
    const theirs = await signWithDigitalBazaar(
      buildCredential(INPUT),
      { verificationMethod: key.verificationMethod, controller: ISSUER, privateKey: key.privateKey },
      created,
    );
    expect(signWith(key, INPUT, created)).toEqual(theirs);
  });

  const tampered: [string, (credential: SignedCredential) => void][] = [
    ['the recipient’s name', (c) => (c.credentialSubject.identifier[0]!.identityHash = 'Ananya Sharmaa')],
    ['the validFrom date', (c) => (c.validFrom = '2024-03-14T09:30:00.000Z')],
    ['the issuer’s name', (c) => (c.issuer.name = 'Sunset Academy')],
    ['the issuer’s id', (c) => (c.issuer.id = 'https://elsewhere.example/api/certificates/issuer')],
    ['the achievement’s name', (c) => (c.credentialSubject.achievement.name = 'Advanced Algebra')],
    ['the proof’s date', (c) => (c.proof.created = '2025-03-15T09:30:00Z')],
  ];
  it.each(tampered)('fails both verifiers when %s is changed', async (_what, change) => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const signed = signWith(key);
    const changed = structuredClone(signed);
    change(changed);
    expect(verifyCredentialProof(changed, publishedKeys([key]))).toBe(false);
    const theirs = await verifyWithDigitalBazaar(changed, documentsFor([key]));
    expect(theirs.verified).toBe(false);
    expect(messagesOf(theirs.error)).toContain('Invalid signature.');
    expect(verifyCredentialProof(signed, publishedKeys([key]))).toBe(true);
  });

  it('fails ours when a context is appended, which the spec (and so digitalbazaar) lets through', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const changed = structuredClone(signWith(key));
    changed['@context'].push('https://purl.imsglobal.org/spec/ob/v3p0/extensions.json');
    expect(verifyCredentialProof(changed, publishedKeys([key]))).toBe(false);
    expect(await verifyWithDigitalBazaar(changed, documentsFor([key]))).toEqual({ verified: true });
  });

  it('still verifies when signed by a retired key that the issuer document keeps listing', async () => {
    const retired = makeKey('key-2024-06-01-0a0b0c0d');
    const current = makeKey('key-2025-01-01-a1b2c3d4');
    const old = signWith(retired, { ...INPUT, issuedAt: '2024-07-01T10:00:00.000Z' });
    const recent = signWith(current);
    const documents = documentsFor([retired, current]);
    for (const signed of [old, recent]) {
      expect(await verifyWithDigitalBazaar(signed, documents)).toEqual({ verified: true });
      expect(verifyCredentialProof(signed, publishedKeys([retired, current]))).toBe(true);
    }
    // Dropped from the issuer document, the retired key no longer speaks for the issuer.
    const forgotten = await verifyWithDigitalBazaar(old, documentsFor([retired, current], [current]));
    expect(forgotten.verified).toBe(false);
    expect(messagesOf(forgotten.error).join(' ')).toMatch(/not authorized by controller/);
  });

  it('fails digitalbazaar’s purpose check when the issuer document does not list the key', async () => {
    const listed = makeKey('key-2025-01-01-a1b2c3d4');
    const stranger = makeKey('key-2025-02-02-deadbeef');
    const signed = signWith(stranger);
    const result = await verifyWithDigitalBazaar(signed, documentsFor([listed, stranger], [listed]));
    expect(result.verified).toBe(false);
    expect(messagesOf(result.error).join(' ')).toMatch(/not authorized by controller for proof purpose/);
    expect(verifyCredentialProof(signed, publishedKeys([listed]))).toBe(false);
  });

  it('needs the issuer document to define assertionMethod, which no published context does outside a proof', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const documents = documentsFor([key]);
    const issuer = documents[ISSUER] as ReturnType<typeof issuerDocument>;
    documents[ISSUER] = {
      ...issuer,
      '@context': issuer['@context'].filter((context) => typeof context === 'string'),
    };
    const result = await verifyWithDigitalBazaar(signWith(key), documents);
    expect(result.verified).toBe(false);
    // Framed in safe mode, the issuer document fails on the undefined word before any key is looked for.
    expect(messagesOf(result.error).join(' ')).toMatch(/Safe mode validation error/);
  });

  it('keeps Devanagari names exactly, and verifies them', async () => {
    const key = makeKey('key-2025-01-01-a1b2c3d4');
    const input = {
      ...INPUT,
      recipientName: 'अनन्या शर्मा',
      courseTitle: 'बीजगणित की नींव',
      courseDescription: 'रैखिक समीकरण, असमिकाएँ और आलेख।',
      issuerName: 'सूर्योदय अकादमी',
      language: 'hi',
    };
    const signed = JSON.parse(JSON.stringify(signWith(key, input))) as SignedCredential;
    expect(signed.credentialSubject.identifier[0]!.identityHash).toBe('अनन्या शर्मा');
    expect(signed.credentialSubject.achievement.name).toBe('बीजगणित की नींव');
    expect(verifyCredentialProof(signed, publishedKeys([key]))).toBe(true);
    expect(await verifyWithDigitalBazaar(signed, documentsFor([key]))).toEqual({ verified: true });
    signed.credentialSubject.identifier[0]!.identityHash = 'अनन्य शर्मा';
    expect(verifyCredentialProof(signed, publishedKeys([key]))).toBe(false);
    expect((await verifyWithDigitalBazaar(signed, documentsFor([key]))).verified).toBe(false);
  });
});

describe('verifyCredentialProof on anything', () => {
  const key = makeKey('key-2025-01-01-a1b2c3d4');
  const signed = signWith(key);
  const withProof = (change: Record<string, unknown>) => ({
    ...signed,
    proof: { ...signed.proof, ...change },
  });
  const { proof: _proof, ...unsigned } = signed;
  const cases: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a string', JSON.stringify(signed)],
    ['an array', [signed]],
    ['an empty object', {}],
    ['no proof', unsigned],
    ['a null proof', { ...signed, proof: null }],
    ['a proof set', { ...signed, proof: [signed.proof] }],
    ['proofValue "zzz"', withProof({ proofValue: 'zzz' })],
    ['a proofValue not multibase', withProof({ proofValue: 'not base58 at all' })],
    ['a proofValue in base64url', withProof({ proofValue: `u${Buffer.alloc(64, 1).toString('base64url')}` })],
    ['an enormous proofValue', withProof({ proofValue: `z${'2'.repeat(100_000)}` })],
    [
      'a proofValue of another signature',
      withProof({ proofValue: signWith(key, { ...INPUT, issuerName: 'X' }).proof.proofValue }),
    ],
    ['no proofValue', withProof({ proofValue: undefined })],
    ['another cryptosuite', withProof({ cryptosuite: 'eddsa-rdfc-2022' })],
    ['another proof type', withProof({ type: 'Ed25519Signature2020' })],
    ['another purpose', withProof({ proofPurpose: 'authentication' })],
    ['a verificationMethod not a string', withProof({ verificationMethod: { id: key.verificationMethod } })],
    ['an unknown key', withProof({ verificationMethod: `${ORIGIN}/api/certificates/keys/nope` })],
    ['a created that is no date', withProof({ created: 'yesterday' })],
    [
      'a cyclic document',
      (() => {
        const c: Record<string, unknown> = { ...signed };
        c.self = c;
        return c;
      })(),
    ],
  ];
  it.each(cases)('is false for %s', (_what, value) => {
    expect(verifyCredentialProof(value, publishedKeys([key]))).toBe(false);
  });

  it('is false, not an error, when the key lookup throws or gives another kind of key', () => {
    expect(
      verifyCredentialProof(signed, () => {
        throw new Error('database down');
      }),
    ).toBe(false);
    expect(
      verifyCredentialProof(signed, () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey),
    ).toBe(false);
  });
});

describe('Multikeys', () => {
  it('round-trip an Ed25519 public key as z6Mk…', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const multibase = multikeyOf(publicKey);
    expect(multibase).toMatch(/^z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/);
    expect(publicKeyFromMultikey(multibase).export({ format: 'jwk' })).toEqual(
      publicKey.export({ format: 'jwk' }),
    );
  });

  it('refuse what is not an Ed25519 Multikey', () => {
    for (const bad of ['', 'z', 'zzz', 'u7QE', `z${toBase58btc(Buffer.alloc(34))}`, 'z6Mk0OIl']) {
      expect(() => publicKeyFromMultikey(bad)).toThrow();
    }
  });

  it('are served as Multikey documents, every one listed under the issuer’s assertionMethod', () => {
    const keys = [makeKey('key-2024-06-01-0a0b0c0d'), makeKey('key-2025-01-01-a1b2c3d4')];
    const [older] = keys;
    expect(keyDocument(ORIGIN, older!.keyId, older!.publicKeyMultibase)).toEqual({
      '@context': 'https://w3id.org/security/multikey/v1',
      id: `${ORIGIN}/api/certificates/keys/key-2024-06-01-0a0b0c0d`,
      type: 'Multikey',
      controller: ISSUER,
      publicKeyMultibase: older!.publicKeyMultibase,
    });
    const issuer = issuerDocument(ORIGIN, 'Gurukul', keys);
    expect(issuer).toMatchObject({ id: ISSUER, type: ['Profile'], name: 'Gurukul', url: ORIGIN });
    expect(issuer.assertionMethod.map((method) => method.id)).toEqual(
      keys.map((key) => key.verificationMethod),
    );
  });
});

describe('the W3C test vector of eddsa-jcs-2022 (vc-di-eddsa TestVectors)', () => {
  // TestVectors/keyPair.json: the private key is multicodec ed25519-priv (0x8026) and the 32-byte seed.
  const seed = fromBase58btc('3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq')!.subarray(2);
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKeyMultibase = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
  const verificationMethod = `did:key:${publicKeyMultibase}#${publicKeyMultibase}`;
  const unsigned = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/examples/v2'],
    id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
    type: ['VerifiableCredential', 'AlumniCredential'],
    name: 'Alumni Credential',
    description: 'A minimum viable example of an Alumni Credential.',
    issuer: 'https://vc.example/issuers/5678',
    validFrom: '2023-01-01T00:00:00Z',
    credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
  };
  const proofValue =
    'z2HnFSSPPBzR36zdDgK8PbEHeXbR56YF24jwMpt3R1eHXQzJDMWS93FCzpvJpwTWd3GAVFuUfjoJdcnTMuVor51aX';

  it('gives the published key and proofValue', () => {
    expect(multikeyOf(privateKey)).toBe(publicKeyMultibase);
    const signed = signCredential(
      unsigned,
      { verificationMethod, privateKey },
      new Date('2023-02-24T23:36:38Z'),
    );
    expect(signed.proof.proofValue).toBe(proofValue);
  });

  it('verifies the published signed credential', () => {
    const published = {
      ...unsigned,
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-jcs-2022',
        created: '2023-02-24T23:36:38Z',
        verificationMethod,
        proofPurpose: 'assertionMethod',
        '@context': unsigned['@context'],
        proofValue,
      },
    };
    const resolve = (method: string) =>
      method === verificationMethod ? publicKeyFromMultikey(publicKeyMultibase) : null;
    expect(verifyCredentialProof(published, resolve)).toBe(true);
    expect(verifyCredentialProof({ ...published, name: 'Alumnus Credential' }, resolve)).toBe(false);
  });
});

describe('canonical JSON (RFC 8785)', () => {
  // The examples of RFC 8785 §3.2.2 and §3.2.3 and of its reference implementation's test data, as JSON text.
  const examples: [string, string, string][] = [
    [
      'primitives (§3.2.2)',
      String.raw`{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
        "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/", "literals": [null, true, false]}`,
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    ],
    [
      'sorting by UTF-16 code units (§3.2.3)',
      String.raw`{"\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh",
        "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control", "\u00f6": "Latin Small Letter O With Diaeresis"}`,
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    ],
    [
      'nested structures',
      String.raw`{"1": {"f": {"f": "hi","F": 5} ,"\n": 56.0}, "10": { }, "": "empty", "a": { },
        "111": [ {"e": "yes","E": "no" } ], "A": { }}`,
      String.raw`{"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}}`,
    ],
    [
      'no locale in sorting',
      '{"peach": "This sorting order", "péché": "is wrong according to French", "pêche": "but canonicalization MUST", "sin": "ignore locale"}',
      '{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ignore locale"}',
    ],
    [
      'no Unicode normalisation',
      String.raw`{"Unnormalized Unicode":"A\u030a"}`,
      '{"Unnormalized Unicode":"A\u030a"}',
    ],
  ];
  it.each(examples)('%s', (_what, input, output) => {
    expect(canonicalJson(JSON.parse(input))).toBe(output);
  });

  // RFC 8785 Appendix B: IEEE 754 bit patterns and their serialisations.
  const numbers: [string, string][] = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(numbers)('writes the double %s as %s', (bits, text) => {
    expect(canonicalJson(Buffer.from(bits, 'hex').readDoubleBE(0))).toBe(text);
  });

  it('refuses NaN and Infinity, and leaves out undefined members as JSON does', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
  });
});
