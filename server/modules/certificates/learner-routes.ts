import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  COMPLETION_LIMITS,
  type CompletionProgress,
  UNPRINTABLE_IN_NAME,
} from '../../../common/certificates';
import { certificates } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadLearnableCourse } from '../learning/service';
import { loadCertificateFor } from './access';
import { printedNameOf, RULES_NOT_MET, saveCertificateName, settleCompletion } from './issue';
import { certificateSummary } from './presenters';
import { downloadName, printCertificate } from './printing';

const LEARNERS = rolesWith('learn');

const courseParams = z.object({
  courseId: z.uuid({ error: said('server.learning.courseNotFound').english }),
});
export const certificateParams = z.object({
  // Longer than any id we make, so an over-long one is "not found" like any other unknown id.
  id: z.string().min(1).max(512, said('server.certificates.notFound').english),
});
/** The name to print: trimmed, one line, at most 120 characters, in any script. */
export const printedName = z
  .string({ error: said('server.certificates.nameRequired').english })
  .transform((name) => name.replace(/\s+/gu, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, said('server.certificates.nameRequired').english)
      .max(COMPLETION_LIMITS.nameMax, said('server.certificates.nameTooLong').english)
      .refine((name) => !UNPRINTABLE_IN_NAME.test(name), said('server.certificates.nameCharacters').english),
  );

/**
 * A learner's side (decision 079): their standing against a course's rules (which also settles a completion the
 * events missed), claiming the certificate with the name to print, their certificates and their PDFs.
 */
export const certificateLearnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certificates/courses/:courseId/progress',
    { config: { access: LEARNERS }, schema: { params: courseParams } },
    async (request): Promise<CompletionProgress> => {
      const actor = actorOf(request);
      await loadLearnableCourse(app, actor, request.params.courseId);
      const settled = await settleCompletion(app, actor.userId, request.params.courseId);
      const name = await printedNameOf(app, actor.userId);
      if (!settled) throw new Error('a learnable course was not live');
      return {
        ...settled.standing,
        completedAt: settled.completion?.completedAt.toISOString() ?? null,
        certificate: settled.certificate ? certificateSummary(settled.certificate) : null,
        printedName: name.name,
        nameConfirmed: name.confirmed,
      };
    },
  );

  app.post(
    '/api/certificates/courses/:courseId/claim',
    {
      config: { access: LEARNERS },
      schema: { params: courseParams, body: z.object({ name: printedName }) },
    },
    async (request) => {
      const actor = actorOf(request);
      await loadLearnableCourse(app, actor, request.params.courseId);
      const first = await settleCompletion(app, actor.userId, request.params.courseId);
      if (first?.certificate) return certificateSummary(first.certificate);
      // Refused before anything is saved: the name is kept only with the certificate it is asked for.
      if (!first?.standing.met) throw new AppError('CONFLICT', RULES_NOT_MET);
      // The name is asked once: confirmed here, and printed on this and every later certificate.
      await saveCertificateName(app, actor.userId, request.body.name);
      const settled = await settleCompletion(app, actor.userId, request.params.courseId, { claim: true });
      if (!settled?.certificate) throw new Error('a claimed certificate was not issued');
      return certificateSummary(settled.certificate);
    },
  );

  app.put(
    '/api/certificates/name',
    { config: { access: LEARNERS }, schema: { body: z.object({ name: printedName }) } },
    async (request) => {
      await saveCertificateName(app, actorOf(request).userId, request.body.name);
      return printedNameOf(app, actorOf(request).userId);
    },
  );

  app.get('/api/certificates/mine', { config: { access: LEARNERS } }, async (request) => {
    const actor = actorOf(request);
    const rows = await app.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, actor.userId))
      .orderBy(desc(certificates.issuedAt));
    const name = await printedNameOf(app, actor.userId);
    return {
      certificates: rows.map(certificateSummary),
      printedName: name.name,
      nameConfirmed: name.confirmed,
    };
  });

  // The learner's copy, and the course's authors' (they hand certificates out at a ceremony).
  app.get(
    '/api/certificates/:id/pdf',
    { config: { access: 'any' }, schema: { params: certificateParams } },
    async (request, reply) => {
      const row = await loadCertificateFor(app, actorOf(request), request.params.id);
      const pdf = await printCertificate(app, row.content, row);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          downloadName(`certificate-${row.id}.pdf`, `${row.content.courseTitle} - ${row.id}.pdf`),
        )
        .send(pdf);
    },
  );
};
