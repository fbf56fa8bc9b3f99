import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * A certificate as an Open Badges 3.0 credential (decision 079): a W3C Verifiable Credential (Data Model 2.0) with
 * a Data Integrity proof of the `eddsa-jcs-2022` cryptosuite (W3C "Data Integrity EdDSA Cryptosuites v1.0" §3.3),
 * so a wallet or any OB 3.0 verifier can check it without Gurukul. Pure functions: the caller gives the base
 * address (PUBLIC_URL) and the keys. The learner appears by the printed name only — never an e-mail address.
 *
 * Signing hashes JSON (RFC 8785 canonical form), not RDF, so the proof does not depend on how a verifier reads the
 * JSON-LD contexts; every term used is still one the contexts define, or JSON-LD-aware verifiers refuse it.
 */
export interface CredentialInput {
  /** Not written separately: the credential is named by verifyUrl, which carries it. */
  certificateId: string;
  /** The public verification page; also the credential's id. */
  verifyUrl: string;
  /** PUBLIC_URL, without a trailing slash. */
  origin: string;
  recipientName: string;
  courseId: string;
  courseTitle: string;
  courseDescription?: string;
  /** What the learner did to earn it, in words (Markdown allowed). */
  criteria: string;
  issuerName: string;
  /** ISO 8601. */
  issuedAt: string;
  /** A BCP 47 tag ("en", "hi"). */
  language: string;
}

export interface OpenBadgeCredential {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  issuer: { id: string; type: string[]; name: string; url: string };
  validFrom: string;
  credentialSubject: {
    type: string[];
    identifier: { type: 'IdentityObject'; identityHash: string; identityType: 'name'; hashed: false }[];
    achievement: {
      id: string;
      type: string[];
      achievementType: string;
      name: string;
      description: string;
      criteria: { narrative: string };
      inLanguage: string;
    };
  };
}

export interface DataIntegrityProof {
  '@context'?: unknown;
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-jcs-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  proofValue: string;
}

export type SignedCredential<T = OpenBadgeCredential> = T & { proof: DataIntegrityProof };

export interface PublishedKey {
  keyId: string;
  publicKeyMultibase: string;
}

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';
/**
 * None of the published contexts above defines `assertionMethod` outside a proof; without it a JSON-LD reader of
 * the issuer document (digitalbazaar's proof-purpose check frames it) finds no keys at all.
 */
const ASSERTION_METHOD_TERM = {
  assertionMethod: {
    '@id': 'https://w3id.org/security#assertionMethod',
    '@type': '@id',
    '@container': '@set',
  },
};
const CRYPTOSUITE = 'eddsa-jcs-2022';
/** The multicodec varint for an Ed25519 public key, which a Multikey's bytes start with. */
const ED25519_PUB = [0xed, 0x01];

export const issuerUrl = (origin: string) => `${origin}/api/certificates/issuer`;
/** The URL a key is published at: a credential's `verificationMethod`. */
export const keyUrl = (origin: string, keyId: string) => `${origin}/api/certificates/keys/${keyId}`;

export function buildCredential(input: CredentialInput): OpenBadgeCredential {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: input.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.courseTitle,
    issuer: { id: issuerUrl(input.origin), type: ['Profile'], name: input.issuerName, url: input.origin },
    validFrom: input.issuedAt,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityHash: input.recipientName, identityType: 'name', hashed: false },
      ],
      achievement: {
        id: `${input.origin}/api/certificates/achievements/${input.courseId}`,
        type: ['Achievement'],
        // OB 3.0's term for "acknowledges completion of … training": what a course certificate is.
        achievementType: 'CertificateOfCompletion',
        name: input.courseTitle,
        // OB 3.0 requires a description; a course without one is described by its title.
        description: input.courseDescription?.trim() || input.courseTitle,
        criteria: { narrative: input.criteria },
        inLanguage: input.language,
      },
    },
  };
}

/**
 * The credential with an `eddsa-jcs-2022` proof. The proof repeats the document's @context, as the spec's Create
 * Proof step 2 strongly advises and digitalbazaar's signer does, so ours and theirs are the same bytes.
 */
export function signCredential<T extends object>(
  credential: T,
  key: { verificationMethod: string; privateKey: KeyObject },
  created = new Date(),
): SignedCredential<T> {
  if ('proof' in credential) throw new Error('the credential is already signed');
  if (key.privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('certificates are signed with Ed25519 keys');
  const unsecured = credential as Record<string, unknown>;
  const options: Omit<DataIntegrityProof, 'proofValue'> = {
    // A copy: the proof's contexts must not change with the document's.
    ...('@context' in unsecured ? { '@context': structuredClone(unsecured['@context']) } : {}),
    type: 'DataIntegrityProof',
    cryptosuite: CRYPTOSUITE,
    // Whole seconds, as XML Schema dateTimeStamp examples and digitalbazaar's signer write it.
    created: created.toISOString().replace(/\.\d+Z$/, 'Z'),
    verificationMethod: key.verificationMethod,
    proofPurpose: 'assertionMethod',
  };
  const signature = sign(null, hashData(options, unsecured), key.privateKey);
  return { ...credential, proof: { ...options, proofValue: `z${toBase58btc(signature)}` } };
}

/**
 * Whether `credential` carries a valid `eddsa-jcs-2022` proof by a key `publicKeyOf` knows. False, never an error,
 * for anything else: the verification page is given whatever was stored or pasted.
 */
export function verifyCredentialProof(
  credential: unknown,
  publicKeyOf: (verificationMethod: string) => KeyObject | null,
): boolean {
  try {
    if (!isRecord(credential) || !isRecord(credential.proof)) return false;
    const { proof, ...unsecured } = credential;
    const { proofValue, ...options } = proof;
    if (
      options.type !== 'DataIntegrityProof' ||
      options.cryptosuite !== CRYPTOSUITE ||
      options.proofPurpose !== 'assertionMethod' ||
      typeof options.verificationMethod !== 'string' ||
      typeof proofValue !== 'string' ||
      (options.created !== undefined && !isDateTime(options.created))
    ) {
      return false;
    }
    // The spec lets a document's @context go on past the proof's; a certificate of ours never does, and contexts
    // added later change what a JSON-LD reader takes the words to mean.
    if (
      '@context' in options &&
      canonicalJson(options['@context']) !== canonicalJson(unsecured['@context'])
    ) {
      return false;
    }
    const signature = fromMultibase(proofValue);
    if (signature?.length !== 64) return false;
    const publicKey = publicKeyOf(options.verificationMethod);
    if (publicKey?.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, hashData(options, unsecured), publicKey, signature);
  } catch {
    return false;
  }
}

/** hashData of §3.3.4: SHA-256 of the canonical proof configuration, then of the canonical document. */
function hashData(proofConfig: Record<string, unknown>, unsecured: Record<string, unknown>): Buffer {
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return Buffer.concat([sha256(canonicalJson(proofConfig)), sha256(canonicalJson(unsecured))]);
}

/** A public key as a Multikey's publicKeyMultibase: base58btc of the multicodec prefix and the raw 32 bytes. */
export function multikeyOf(publicKey: KeyObject): string {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('a Multikey here is an Ed25519 key');
  const { x } = publicKey.export({ format: 'jwk' });
  return `z${toBase58btc(Buffer.concat([Buffer.from(ED25519_PUB), Buffer.from(x ?? '', 'base64url')]))}`;
}

export function publicKeyFromMultikey(publicKeyMultibase: string): KeyObject {
  const bytes = fromMultibase(publicKeyMultibase);
  if (bytes?.length !== 34 || bytes[0] !== ED25519_PUB[0] || bytes[1] !== ED25519_PUB[1]) {
    throw new Error('not an Ed25519 Multikey');
  }
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.subarray(2)).toString('base64url') },
    format: 'jwk',
  });
}

/** The document a proof's verificationMethod URL serves: one key, controlled by the issuer. */
export function keyDocument(origin: string, keyId: string, publicKeyMultibase: string) {
  return {
    '@context': MULTIKEY_CONTEXT,
    id: keyUrl(origin, keyId),
    type: 'Multikey',
    controller: issuerUrl(origin),
    publicKeyMultibase,
  };
}

/**
 * The issuer's Profile, which is also the controller document its keys name: a verifier trusts a key for
 * certificates only if this lists it under assertionMethod. Retired keys stay listed, or every certificate they
 * signed would stop verifying.
 */
export function issuerDocument(origin: string, issuerName: string, keys: PublishedKey[]) {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT, MULTIKEY_CONTEXT, ASSERTION_METHOD_TERM],
    id: issuerUrl(origin),
    type: ['Profile'],
    name: issuerName,
    url: origin,
    assertionMethod: keys.map(({ keyId, publicKeyMultibase }) => {
      const { '@context': _context, ...key } = keyDocument(origin, keyId, publicKeyMultibase);
      return key;
    }),
  };
}

/**
 * RFC 8785 (JCS): members sorted by their names' UTF-16 code units, no whitespace, strings and numbers as
 * ECMAScript's JSON.stringify writes them (RFC 8785 §3.2.2 adopts exactly that). Members whose value is undefined
 * are left out, as JSON.stringify leaves them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (isRecord(value)) {
    if (typeof value.toJSON === 'function') return canonicalJson(value.toJSON());
    const members = Object.keys(value)
      .filter((name) => value[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(value[name])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`JSON has no ${typeof value}`);
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function toBase58btc(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  let digits = '';
  while (n > 0n) {
    digits = BASE58_ALPHABET[Number(n % 58n)] + digits;
    n /= 58n;
  }
  return '1'.repeat(zeros) + digits;
}

/** Null for anything that is not base58btc; past 256 characters too (no key or signature is that long). */
export function fromBase58btc(text: string): Uint8Array | null {
  if (text.length > 256) return null;
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  let n = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/** Multibase: only base58btc ("z…") is written or read here. */
function fromMultibase(text: string): Uint8Array | null {
  return typeof text === 'string' && text.startsWith('z') ? fromBase58btc(text.slice(1)) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDateTime(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}
