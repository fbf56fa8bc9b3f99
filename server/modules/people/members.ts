import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { courseSubscriptions, courses, subscriptions, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { dropRevokedSockets, revokeLapsedImpersonations } from '../auth/sessions';
import { startTrial } from '../plans/trials';
import { audit } from './admin-actions';

/** One of the institute's own teachers or students; any other account is "not found" to it. */
export async function loadMember(app: App, institute: Actor, userId: string) {
  const member = await app.db.query.users.findFirst({
    where: and(
      eq(users.id, userId),
      eq(users.instituteId, institute.userId),
      inArray(users.userType, ['teacher', 'student']),
    ),
  });
  if (!member) throw notFound(said('server.people.userNotFound'));
  return member;
}

/**
 * Takes a person out of the institute; the account stays theirs. A teacher who leaves pays for their own
 * plan from now on, so one who never had a subscription starts the usual trial instead of being locked out.
 */
export async function removeMember(app: App, institute: Actor, userId: string) {
  const member = await loadMember(app, institute, userId);
  const revoked = await app.db.transaction(async (tx) => {
    await tx.update(users).set({ instituteId: null }).where(eq(users.id, member.id));
    if (member.userType === 'teacher') {
      const own = await tx.query.subscriptions.findFirst({ where: eq(subscriptions.userId, member.id) });
      if (!own) await startTrial(tx, member.id, 'teacher');
    }
    // The institute's "Log in as" sessions in this account end with its right to them (decision 052).
    const ended = await revokeLapsedImpersonations(tx, member.id);
    await audit(tx, institute, 'remove-from-institute', member.id);
    return ended;
  });
  dropRevokedSockets(app, revoked);
}

/** Enrols one of the institute's students in a live course of the institute or of one of its teachers. */
export async function enrolMember(app: App, institute: Actor, userId: string, courseId: string) {
  const student = await loadMember(app, institute, userId);
  if (student.userType !== 'student') throw badRequest(said('server.people.onlyStudentsEnrol'));
  const [course] = await app.db
    .select({ id: courses.id })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.ownerId))
    .where(
      and(
        eq(courses.id, courseId),
        isNotNull(courses.approvedSnapshot),
        or(eq(courses.ownerId, institute.userId), eq(users.instituteId, institute.userId)),
      ),
    );
  if (!course) throw notFound(said('server.people.courseNotFound'));
  const inserted = await app.db.transaction(async (tx) => {
    const rows = await tx
      .insert(courseSubscriptions)
      .values({ courseId: course.id, userId: student.id })
      .onConflictDoNothing()
      .returning();
    if (rows.length > 0) await audit(tx, institute, 'enrol', student.id, { courseId: course.id });
    return rows;
  });
  return { enrolled: inserted.length > 0 };
}

/** The institute's live courses (its own and its teachers'), for the enrol picker. */
export async function instituteCourses(app: App, institute: Actor) {
  return app.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.ownerId))
    .where(
      and(
        isNotNull(courses.approvedSnapshot),
        or(eq(courses.ownerId, institute.userId), eq(users.instituteId, institute.userId)),
      ),
    )
    .orderBy(courses.title);
}
