import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { COMPLETION_LIMITS } from '../../../common/certificates';
import { containsPattern } from '../../db/like-pattern';
import { certificateRules, certificates, quizzes, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { localeOf, translate } from '../../http/locale';
import { said } from '../../i18n/said';
import { loadAuthoredCourse } from '../courses/service';
import { sendCsv, toCsv } from '../reports/csv';
import { loadCertificateFor } from './access';
import { sendCertificateRevokedEmail } from './emails';
import { certificateParams } from './learner-routes';
import { certificateSummary } from './presenters';
import { loadRules } from './rules';
import { rotateSigningKey } from './signing-keys';

const AUTHORS = rolesWith('author');
const PAGE_SIZE = 20;
const CSV_MAX_ROWS = 50_000;

const courseParams = z.object({
  courseId: z.uuid({ error: said('server.courses.notFound').english }),
});

const whole = (min: number, max: number, message: ReturnType<typeof said>) =>
  z
    .number({ error: message.english })
    .int(message.english)
    .min(min, message.english)
    .max(max, message.english);

const rulesBody = z.object({
  enabled: z.boolean(),
  lessonPercent: whole(
    COMPLETION_LIMITS.lessonPercentMin,
    100,
    said('server.certificates.lessonPercentRange'),
  ),
  quizzes: z
    .array(
      z.object({
        quizId: z.uuid({ error: said('server.certificates.quizNotInCourse').english }),
        minPercent: whole(0, 100, said('server.certificates.minPercentRange')),
      }),
    )
    .max(100)
    .refine(
      (rules) => new Set(rules.map((rule) => rule.quizId)).size === rules.length,
      said('server.certificates.quizTwice').english,
    )
    .nullable(),
  guruQuestions: whole(0, COMPLETION_LIMITS.guruQuestionsMax, said('server.certificates.guruQuestionsRange')),
});

const listQuery = z.object({
  search: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const revokeBody = z.object({
  reason: z
    .string({ error: said('server.certificates.reasonRequired').english })
    .trim()
    .min(1, said('server.certificates.reasonRequired').english)
    .max(COMPLETION_LIMITS.reasonMax, said('server.certificates.reasonTooLong').english),
});

/** The printed name, from the frozen content. */
const sqlContentName = sql<string>`${certificates.content} ->> 'recipientName'`;

/** The course's certificates matching a search by printed name, e-mail or certificate id. */
function issuedWhere(courseId: string, search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return eq(certificates.courseId, courseId);
  const pattern = containsPattern(term);
  return and(
    eq(certificates.courseId, courseId),
    or(
      ilike(users.fullName, pattern),
      ilike(users.email, pattern),
      ilike(certificates.id, pattern),
      ilike(sqlContentName, pattern),
    ),
  );
}

/**
 * The authors' side (decision 079): a course's completion rules, its issued certificates (search, CSV) and
 * revoking one with a reason; the admin's key rotation.
 */
export const certificateAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certificates/courses/:courseId/rules',
    { config: { access: AUTHORS }, schema: { params: courseParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const courseQuizzes = await app.db
        .select({ id: quizzes.id, title: quizzes.title, passPercent: quizzes.passPercent })
        .from(quizzes)
        .where(eq(quizzes.courseId, course.id))
        .orderBy(quizzes.position);
      return { rules: await loadRules(app, course.id), quizzes: courseQuizzes };
    },
  );

  app.put(
    '/api/certificates/courses/:courseId/rules',
    { config: { access: AUTHORS }, schema: { params: courseParams, body: rulesBody } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const rules = request.body;
      if (rules.quizzes && rules.quizzes.length > 0) {
        const ids = [...new Set(rules.quizzes.map((rule) => rule.quizId))];
        const found = await app.db
          .select({ id: quizzes.id })
          .from(quizzes)
          .where(and(eq(quizzes.courseId, course.id), inArray(quizzes.id, ids)));
        if (found.length !== ids.length) throw badRequest(said('server.certificates.quizNotInCourse'));
      }
      const values = { ...rules, updatedAt: new Date() };
      await app.db
        .insert(certificateRules)
        .values({ courseId: course.id, ...values })
        .onConflictDoUpdate({ target: certificateRules.courseId, set: values });
      return { rules: await loadRules(app, course.id) };
    },
  );

  app.get(
    '/api/certificates/courses/:courseId/issued',
    { config: { access: AUTHORS }, schema: { params: courseParams, querystring: listQuery } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const where = issuedWhere(course.id, request.query.search);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ certificate: certificates, email: users.email })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where)
          .orderBy(desc(certificates.issuedAt), desc(certificates.id))
          .limit(PAGE_SIZE)
          .offset((request.query.page - 1) * PAGE_SIZE),
        app.db
          .select({ total: count() })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...certificateSummary(row.certificate), email: row.email })),
        total: total?.total ?? 0,
        page: request.query.page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.get(
    '/api/certificates/courses/:courseId/issued.csv',
    { config: { access: AUTHORS }, schema: { params: courseParams, querystring: listQuery } },
    async (request, reply) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const locale = localeOf(request);
      const say = (key: Parameters<typeof translate>[1]) => translate(locale, key);
      const rows = await app.db
        .select({ certificate: certificates, email: users.email })
        .from(certificates)
        .innerJoin(users, eq(users.id, certificates.userId))
        .where(issuedWhere(course.id, request.query.search))
        .orderBy(desc(certificates.issuedAt))
        .limit(CSV_MAX_ROWS);
      const csv = toCsv(
        [
          say('server.certificates.csv.id'),
          say('server.certificates.csv.name'),
          say('server.certificates.csv.email'),
          say('server.certificates.csv.issuedAt'),
          say('server.certificates.csv.status'),
          say('server.certificates.csv.revokedAt'),
          say('server.certificates.csv.reason'),
          say('server.certificates.csv.verifyUrl'),
        ],
        rows.map(({ certificate, email }) => [
          certificate.id,
          certificate.content.recipientName,
          email,
          certificate.issuedAt.toISOString(),
          say(certificate.revokedAt ? 'server.certificates.csv.revoked' : 'server.certificates.csv.valid'),
          certificate.revokedAt?.toISOString() ?? '',
          certificate.revokedReason ?? '',
          certificate.content.verifyUrl,
        ]),
      );
      return sendCsv(reply, 'certificates', csv);
    },
  );

  app.post(
    '/api/certificates/:id/revoke',
    { config: { access: AUTHORS }, schema: { params: certificateParams, body: revokeBody } },
    async (request) => {
      const actor = actorOf(request);
      const row = await loadCertificateFor(app, actor, request.params.id, true);
      const [revoked] = await app.db
        .update(certificates)
        .set({ revokedAt: new Date(), revokedReason: request.body.reason, revokedBy: actor.userId })
        .where(and(eq(certificates.id, row.id), sql`${certificates.revokedAt} is null`))
        .returning();
      if (!revoked) throw new AppError('CONFLICT', said('server.certificates.alreadyRevoked'));
      await sendCertificateRevokedEmail(app, revoked, request.body.reason).catch((error: unknown) =>
        app.log.warn({ err: error, certificateId: row.id }, 'could not e-mail a revoked certificate'),
      );
      return certificateSummary(revoked);
    },
  );

  // Retires the signing key (a key thought exposed); certificates signed with it still verify.
  app.post('/api/certificates/keys/rotate', { config: { access: rolesWith('administer') } }, async () => ({
    keyId: await rotateSigningKey(app),
  }));
};
