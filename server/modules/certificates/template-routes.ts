import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import type { CertificateTemplate, IssuedContent } from '../../../common/certificates';
import { type CourseRow, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { localeOf, translate } from '../../http/locale';
import { said } from '../../i18n/said';
import { loadAuthoredCourse } from '../courses/service';
import { readOneFile } from '../files/read-one-file';
import { storeUpload } from '../files/uploads';
import { verifyUrlOf, withBrandLogo } from './issue';
import { DEFAULT_TEMPLATE } from './pdf';
import { printCertificate } from './printing';
import {
  courseScope,
  instituteScope,
  ownScopeOf,
  removeTemplate,
  saveTemplate,
  templateAt,
  templateForCourse,
} from './templates';

const AUTHORS = rolesWith('author');
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, said('server.certificates.badColour').english);
const wording = (max: number) => z.string().max(max).default('');

const templateBody = z.object({
  orientation: z.enum(['landscape', 'portrait']),
  primaryColor: colour,
  accentColor: colour,
  title: wording(120),
  body: wording(600),
  signatoryName: wording(120),
  signatoryTitle: wording(120),
  logoPath: z.string().max(300).nullable(),
  signaturePath: z.string().max(300).nullable(),
});

/** ?courseId= names a course's own template; without it, the author's own (an institute's is institute-wide). */
const scopeQuery = z.object({
  courseId: z.uuid({ error: said('server.courses.notFound').english }).optional(),
});

/** The brand logo a certificate of this owner's falls back to: theirs, else their institute's. */
async function brandLogoOf(app: App, ownerId: string): Promise<string | null> {
  const institutes = alias(users, 'institutes');
  const [row] = await app.db
    .select({ path: sql<string | null>`coalesce(${users.brandLogoPath}, ${institutes.brandLogoPath})` })
    .from(users)
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .where(eq(users.id, ownerId));
  return row?.path ?? null;
}

/** The folder an author's certificate pictures are stored in: a template may only name pictures from it. */
const pictureFolder = (ownerId: string) => `certificate-pictures/${ownerId}`;

/** The scope a request edits and the account its pictures belong to; a course's is its owner's. */
async function scopeOf(app: App, actor: Actor, courseId: string | undefined) {
  if (!courseId) return { scope: ownScopeOf(actor), ownerId: actor.userId, course: null };
  const course = await loadAuthoredCourse(app, actor, courseId);
  return { scope: courseScope(course.id), ownerId: course.ownerId, course };
}

/**
 * A picture path is one this design already shows — saved at this scope, or inherited from the design it started
 * from (a teacher's institute's logo) — or one uploaded into the owner's folder: never another account's file.
 */
function checkPictures(
  template: CertificateTemplate,
  shown: (CertificateTemplate | null)[],
  ownerId: string,
) {
  for (const field of ['logoPath', 'signaturePath'] as const) {
    const path = template[field];
    if (path === null || shown.some((design) => design?.[field] === path)) continue;
    if (!path.startsWith(`${pictureFolder(ownerId)}/`) || path.includes('..'))
      throw badRequest(said('server.certificates.imageNotYours'));
  }
}

/** The designs an edit at this scope may keep pictures from: its own, and the one it inherits. */
async function shownDesigns(app: App, actor: Actor, scope: string, course: CourseRow | null) {
  const inherited = course
    ? (await templateForCourse(app, course)).template
    : actor.instituteId
      ? await templateAt(app, instituteScope(actor.instituteId))
      : null;
  return [await templateAt(app, scope), inherited];
}

/**
 * The template editor's calls (decision 079): read what applies and where it comes from, save or drop a scope's
 * own template, upload a logo or signature (checked by its bytes), and a live preview drawn as the learner gets it.
 */
export const certificateTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certificates/template',
    { config: { access: AUTHORS }, schema: { querystring: scopeQuery } },
    async (request) => {
      const actor = actorOf(request);
      const { scope, course } = await scopeOf(app, actor, request.query.courseId);
      const own = await templateAt(app, scope);
      if (own) return { template: own, own: true, source: course ? 'course' : 'own' };
      if (course) return { ...(await templateForCourse(app, course)), own: false };
      const institute = actor.instituteId ? await templateAt(app, instituteScope(actor.instituteId)) : null;
      return {
        template: institute ?? DEFAULT_TEMPLATE,
        own: false,
        source: institute ? 'institute' : 'default',
      };
    },
  );

  app.put(
    '/api/certificates/template',
    { config: { access: AUTHORS }, schema: { querystring: scopeQuery, body: templateBody } },
    async (request) => {
      const actor = actorOf(request);
      const { scope, ownerId, course } = await scopeOf(app, actor, request.query.courseId);
      checkPictures(request.body, await shownDesigns(app, actor, scope, course), ownerId);
      await saveTemplate(app, scope, ownerId, request.body);
      return { template: await templateAt(app, scope), own: true };
    },
  );

  app.delete(
    '/api/certificates/template',
    { config: { access: AUTHORS }, schema: { querystring: scopeQuery } },
    async (request) => {
      const { scope } = await scopeOf(app, actorOf(request), request.query.courseId);
      await removeTemplate(app, scope);
      return { removed: true };
    },
  );

  app.post(
    '/api/certificates/template/pictures',
    { config: { access: AUTHORS }, schema: { querystring: scopeQuery } },
    async (request) => {
      const { ownerId } = await scopeOf(app, actorOf(request), request.query.courseId);
      const file = await readOneFile(request, IMAGE_MAX_BYTES, 'an image');
      const { key } = await storeUpload(app, {
        ownerId,
        folder: pictureFolder(ownerId),
        bytes: file.bytes,
        claimedType: file.mimetype,
        allowed: IMAGE_TYPES,
      });
      return { path: key, url: app.storage.signedUrl(key) };
    },
  );

  // The preview is the real renderer with a sample learner, so what the author sees is what learners get.
  app.post(
    '/api/certificates/template/preview',
    { config: { access: AUTHORS }, schema: { querystring: scopeQuery, body: templateBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { scope, ownerId, course } = await scopeOf(app, actor, request.query.courseId);
      checkPictures(request.body, await shownDesigns(app, actor, scope, course), ownerId);
      const language = localeOf(request);
      const sample: IssuedContent = {
        certificateId: 'sample0000000000000000000',
        recipientName: translate(language, 'server.certificates.sampleName'),
        courseId: course?.id ?? '',
        courseTitle: course?.title ?? translate(language, 'server.certificates.sampleCourse'),
        issuerName: actor.fullName,
        teacherName: actor.fullName,
        contentSeconds: 5 * 3600,
        issuedAt: new Date().toISOString(),
        language,
        template: withBrandLogo(request.body, await brandLogoOf(app, ownerId)),
        verifyUrl: verifyUrlOf(app.config.publicUrl, 'sample'),
      };
      const pdf = await printCertificate(app, sample);
      return reply.type('application/pdf').header('cache-control', 'no-store').send(pdf);
    },
  );
};
