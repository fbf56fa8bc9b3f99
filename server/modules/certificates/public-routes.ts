import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicCertificate } from '../../../common/certificates';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import type { LinkPreviewOf } from '../../http/link-preview';
import { translate } from '../../http/locale';
import { said } from '../../i18n/said';
import { CERTIFICATE_NOT_FOUND, findCertificate } from './access';
import { issuerDocument, keyDocument, verifyCredentialProof } from './credential';
import { certificateParams } from './learner-routes';
import { publicCertificate } from './presenters';
import { downloadName } from './printing';
import { publicKeyResolver, publishedKeys } from './signing-keys';

/** The platform's name as the issuer document gives it: every certificate is signed by the platform's key. */
const PLATFORM_ISSUER = 'Gurukul';
/** The shape of an id this platform makes (issue.ts newCertificateId); anything else is "not found" at once. */
const ID_SHAPE = /^[a-z2-7]{24}$/;

/**
 * A stored credential never changes, so its signature is checked once per process: the answer kept by id (per
 * app's database, a bounded number, oldest dropped first).
 */
const SIGNATURES_KEPT = 10_000;
const checkedSignatures = new WeakMap<App['db'], Map<string, boolean>>();

async function signatureValid(app: App, id: string, credential: Record<string, unknown>): Promise<boolean> {
  let checked = checkedSignatures.get(app.db);
  if (!checked) {
    checked = new Map();
    checkedSignatures.set(app.db, checked);
  }
  const known = checked.get(id);
  if (known !== undefined) return known;
  const method = (credential.proof as { verificationMethod?: unknown } | undefined)?.verificationMethod;
  const valid = verifyCredentialProof(credential, await publicKeyResolver(app, method));
  if (checked.size >= SIGNATURES_KEPT) checked.delete(checked.keys().next().value as string);
  checked.set(id, valid);
  return valid;
}

async function verifiedCertificate(app: App, id: string): Promise<PublicCertificate> {
  const row = ID_SHAPE.test(id) ? await findCertificate(app, id) : null;
  // An unknown id and a malformed one read the same: nothing tells an id that exists from one that does not.
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return publicCertificate(row, await signatureValid(app, row.id, row.credential));
}

/**
 * Anyone's check of a certificate (decision 079), with no session: what the verification page shows, the signed
 * credential as a download, and the issuer and key documents a verifier resolves the signature with. Rate limited
 * per address; an unknown id says only "not found".
 */
export const certificatePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { access: 'public', limit: 'certificateCheck' } as const;

  app.get(
    '/api/certificates/verify/:id',
    { config: limited, schema: { params: certificateParams } },
    async (request, reply) => {
      const certificate = await verifiedCertificate(app, request.params.id);
      // A revocation must be seen at once: no cache may keep the "valid" answer.
      reply.header('cache-control', 'no-store');
      return certificate;
    },
  );

  app.get(
    '/api/certificates/verify/:id/credential',
    { config: limited, schema: { params: certificateParams } },
    async (request, reply) => {
      const { credential, id } = await verifiedCertificate(app, request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', downloadName(`certificate-${id}.json`, `certificate-${id}.json`))
        .send(JSON.stringify(credential, null, 2));
    },
  );

  app.get('/api/certificates/issuer', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return issuerDocument(app.config.publicUrl, PLATFORM_ISSUER, await publishedKeys(app));
  });

  app.get(
    '/api/certificates/keys/:keyId',
    {
      config: { access: 'public' },
      schema: { params: z.object({ keyId: z.string().max(64, said('server.http.notFound').english) }) },
    },
    async (request, reply) => {
      const key = (await publishedKeys(app)).find((candidate) => candidate.keyId === request.params.keyId);
      if (!key) throw notFound(said('server.http.notFound'));
      reply.header('cache-control', 'public, max-age=3600');
      return keyDocument(app.config.publicUrl, key.keyId, key.publicKeyMultibase);
    },
  );
};

/**
 * The verification page's link preview: "Certificate: <course>" and who it was issued to, so a shared link reads
 * as what it is; an unknown id gets no preview (the page says "not found").
 */
export function certificateLinkPreview(app: App): LinkPreviewOf {
  return async (request) => {
    const match = /^\/certificate\/([a-z2-7]{24})\/?(?:\?.*)?$/.exec(request.url);
    const row = match?.[1] ? await findCertificate(app, match[1]) : null;
    if (!row) return null;
    const { content } = row;
    const language = content.language;
    return {
      title: translate(language, 'server.certificates.preview.title', { course: content.courseTitle }),
      description: translate(
        language,
        row.revokedAt ? 'server.certificates.preview.revoked' : 'server.certificates.preview.description',
        { name: content.recipientName, issuer: content.issuerName },
      ),
      path: `/certificate/${row.id}`,
      noindex: true,
    };
  };
}
