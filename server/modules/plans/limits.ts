import { count, eq, sql } from 'drizzle-orm';
import { PLAN_LIMIT_LABELS, type PlanLimits } from '../../../common/plans';
import { isUserType } from '../../../common/roles';
import { courses, plans, storedFiles, users } from '../../db/schema/index';
import type { PlanRow } from '../../db/schema/plans';
import { accountState, payerIdOf } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden } from '../../http/errors';
import { fullLimits } from './presenters';

/** Who asks: the request's actor, or at least the fields the payer rule needs. */
export type PlanHolder = Pick<Actor, 'userId' | 'userType' | 'instituteId'> & { planId?: string | null };

/**
 * The plan covering a user now: their payer's latest subscription's plan (an institute's teachers use
 * the institute's). Null for students, admins, partners, developers: no plan limits apply to them.
 */
export async function planOf(app: App, userId: string): Promise<PlanRow | null> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || !isUserType(user.userType)) return null;
  return planOfHolder(app, { userId: user.id, userType: user.userType, instituteId: user.instituteId });
}

/** planOf for an actor already resolved (its planId came from the database for this request). */
export async function planOfHolder(app: App, holder: PlanHolder): Promise<PlanRow | null> {
  if (!payerIdOf({ id: holder.userId, userType: holder.userType, instituteId: holder.instituteId })) {
    return null;
  }
  const planId =
    holder.planId !== undefined
      ? holder.planId
      : (
          await accountState(app.db, {
            id: holder.userId,
            userType: holder.userType,
            instituteId: holder.instituteId,
          })
        ).planId;
  if (!planId) return null;
  return (await app.db.query.plans.findFirst({ where: eq(plans.id, planId) })) ?? null;
}

/** The plan's limit for `key` (null: unlimited or no plan). */
export async function limitOf(app: App, holder: PlanHolder, key: keyof PlanLimits): Promise<number | null> {
  const plan = await planOfHolder(app, holder);
  return plan ? fullLimits(plan.limits)[key] : null;
}

const LIMIT_MESSAGES: Partial<Record<keyof PlanLimits, string>> = {
  gurus: 'Please upgrade your plan to add more gurus',
  teacherSeats: 'Please upgrade your plan to add more teachers',
  studentSeats: 'Please upgrade your plan to add more students',
};

/**
 * Refuses (403) going from `currentCount` to `currentCount + adding` over the plan's limit for `key`.
 * Callers count what the payer already has (e.g. their courses) so the rule stays on the server.
 */
export async function assertWithinLimit(
  app: App,
  actor: PlanHolder,
  key: keyof PlanLimits,
  currentCount: number,
  adding = 1,
): Promise<void> {
  const limit = await limitOf(app, actor, key);
  if (limit === null || currentCount + adding <= limit) return;
  throw forbidden(
    LIMIT_MESSAGES[key] ??
      `Your plan allows ${limit} ${PLAN_LIMIT_LABELS[key].toLowerCase()} (limit reached). Please upgrade your plan to add more.`,
  );
}

/** The users a payer's plan covers: the payer and, for an institute, its teachers (users.institute_id). */
/** Users whose usage counts against one payer's plan: the payer and the teachers an institute pays for. */
export const coveredBy = (payerId: string) =>
  sql`(${users.id} = ${payerId} or ${users.instituteId} = ${payerId})`;

/** The payer's courses (a teacher of an institute counts the institute's and its teachers'). */
export async function payerCourseCount(app: App, holder: PlanHolder): Promise<number> {
  const payerId = payerIdOf({
    id: holder.userId,
    userType: holder.userType,
    instituteId: holder.instituteId,
  });
  return payerId ? coursesCoveredBy(app, payerId) : 0;
}

/** Courses of the payer and of the teachers it pays for (deleted courses are gone). */
export async function coursesCoveredBy(app: App, payerId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(coveredBy(payerId));
  return Number(row?.n ?? 0);
}

/**
 * Bytes stored under one plan: the payer's files and its teachers' files, since an institute's teachers
 * share the institute's storage quota.
 */
export async function storageCoveredBy(app: App, payerId: string): Promise<number> {
  const [row] = await app.db
    .select({ used: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)` })
    .from(storedFiles)
    .innerJoin(users, eq(users.id, storedFiles.ownerId))
    .where(coveredBy(payerId));
  return Number(row?.used ?? 0);
}

/** Checks the 'courses' limit before a new course is created. */
export async function assertCanAddCourse(app: App, actor: PlanHolder): Promise<void> {
  if (!payerIdOf({ id: actor.userId, userType: actor.userType, instituteId: actor.instituteId })) return;
  await assertWithinLimit(app, actor, 'courses', await payerCourseCount(app, actor));
}

/** The storage quota of the user's plan in bytes; null without a plan or with unlimited storage. */
export async function planStorageBytes(app: App, userId: string): Promise<number | null> {
  const plan = await planOf(app, userId);
  const storageMb = plan ? fullLimits(plan.limits).storageMb : null;
  return storageMb === null ? null : storageMb * 1024 * 1024;
}
