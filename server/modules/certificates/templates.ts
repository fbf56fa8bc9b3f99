import { eq, inArray } from 'drizzle-orm';
import type { CertificateTemplate } from '../../../common/certificates';
import { type CourseRow, certificateTemplates, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { DEFAULT_TEMPLATE } from './pdf';

/**
 * Where a certificate's look comes from (decision 079): the course's own template, else its teacher's, else their
 * institute's, else the platform's default. The template is copied into each certificate when it is issued.
 */
export type TemplateSource = 'course' | 'teacher' | 'institute' | 'default';

export const courseScope = (courseId: string) => `course:${courseId}`;
export const teacherScope = (userId: string) => `teacher:${userId}`;
export const instituteScope = (userId: string) => `institute:${userId}`;

/** The scope an author's own template is saved under: an institute's is institute-wide. */
export const ownScopeOf = (actor: { userId: string; userType: string }) =>
  actor.userType === 'institute' ? instituteScope(actor.userId) : teacherScope(actor.userId);

async function templatesAt(app: App, scopes: string[]) {
  const rows = await app.db
    .select({ scope: certificateTemplates.scope, template: certificateTemplates.template })
    .from(certificateTemplates)
    .where(inArray(certificateTemplates.scope, scopes));
  return new Map(rows.map((row) => [row.scope, row.template]));
}

/** A saved template over the default, so a template saved before a field existed still has it. */
const complete = (template: Partial<CertificateTemplate>): CertificateTemplate => ({
  ...DEFAULT_TEMPLATE,
  ...template,
});

/** The template the course's next certificate gets, and where it comes from. */
export async function templateForCourse(
  app: App,
  course: Pick<CourseRow, 'id' | 'ownerId'>,
): Promise<{ template: CertificateTemplate; source: TemplateSource }> {
  const [owner] = await app.db
    .select({ instituteId: users.instituteId })
    .from(users)
    .where(eq(users.id, course.ownerId));
  const chain: [string, TemplateSource][] = [
    [courseScope(course.id), 'course'],
    [teacherScope(course.ownerId), 'teacher'],
    [instituteScope(course.ownerId), 'institute'],
    ...(owner?.instituteId
      ? [[instituteScope(owner.instituteId), 'institute'] as [string, TemplateSource]]
      : []),
  ];
  const saved = await templatesAt(
    app,
    chain.map(([scope]) => scope),
  );
  for (const [scope, source] of chain) {
    const template = saved.get(scope);
    if (template) return { template: complete(template), source };
  }
  return { template: DEFAULT_TEMPLATE, source: 'default' };
}

/** The template saved at exactly this scope (null: none, it inherits). */
export async function templateAt(app: App, scope: string): Promise<CertificateTemplate | null> {
  const template = (await templatesAt(app, [scope])).get(scope);
  return template ? complete(template) : null;
}

export async function saveTemplate(app: App, scope: string, ownerId: string, template: CertificateTemplate) {
  await app.db
    .insert(certificateTemplates)
    .values({ scope, ownerId, template })
    .onConflictDoUpdate({
      target: certificateTemplates.scope,
      set: { template, ownerId, updatedAt: new Date() },
    });
}

export async function removeTemplate(app: App, scope: string) {
  await app.db.delete(certificateTemplates).where(eq(certificateTemplates.scope, scope));
}
