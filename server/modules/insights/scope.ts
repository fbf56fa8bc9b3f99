import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { courses, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';

export const COURSE_NOT_FOUND = said('server.insights.courseNotFound');

/** The owner of a course, joined for the institute rule. */
export const courseOwner = alias(users, 'course_owner');

/** The live version's title: what students see (and what reports show). */
export const liveTitle = sql<string>`coalesce(${courses.approvedSnapshot} -> 'info' ->> 'title', ${courses.title})`;

/**
 * The live courses whose insights the actor sees (with `courseOwner` joined): a teacher's own, an institute's
 * own and its teachers', every one for an admin — the rule of authoring (canAuthorFor).
 */
export function insightScope(actor: Actor): SQL {
  const live = isNotNull(courses.approvedSnapshot);
  if (actor.userType === 'admin') return live;
  const mine =
    actor.userType === 'institute'
      ? or(eq(courses.ownerId, actor.userId), eq(courseOwner.instituteId, actor.userId))
      : eq(courses.ownerId, actor.userId);
  return and(live, mine) as SQL;
}

/** A course in the actor's scope, or 404 'Course not found' whether it is missing or someone else's. */
export async function loadInsightCourse(app: App, actor: Actor, courseId: string) {
  const [course] = await app.db
    .select({ id: courses.id, title: liveTitle })
    .from(courses)
    .innerJoin(courseOwner, eq(courseOwner.id, courses.ownerId))
    .where(and(eq(courses.id, courseId), insightScope(actor)))
    .limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}
