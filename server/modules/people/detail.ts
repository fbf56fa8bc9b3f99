import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AuditEntry, PersonDetail } from '../../../common/contracts/people';
import { isUserType } from '../../../common/roles';
import {
  auditLog,
  courseSubscriptions,
  courses,
  gurus,
  invoices,
  paymentOrders,
  plans,
  quizAttempts,
  subscriptions,
  users,
} from '../../db/schema/index';
import { payerIdOf } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { canImpersonate } from '../auth/impersonation';
import { referredCount } from '../partners/privacy';
import { listPeople } from './list';

/** How much of each history the account page shows (the full lists live on their own pages). */
const RECENT = 20;

/** Everything an admin needs on one account's page, read in a handful of indexed queries. */
export async function personDetail(app: App, actor: Actor, userId: string): Promise<PersonDetail> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || !isUserType(user.userType) || user.userType === 'admin')
    throw notFound(said('server.people.userNotFound'));
  const [row] = (
    await listPeople(app, {
      userTypes: [user.userType],
      search: undefined,
      sort: 'createdAt',
      dir: 'desc',
      page: 1,
      pageSize: 1,
      ids: [user.id],
      includeDeleted: true,
    })
  ).rows;
  const ownsCourses = user.userType === 'teacher' || user.userType === 'institute';
  const payerId = payerIdOf({ id: user.id, userType: user.userType, instituteId: user.instituteId });

  const [subscription] = payerId
    ? await app.db
        .select({ sub: subscriptions, planName: plans.name })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, payerId))
        .orderBy(desc(subscriptions.createdAt))
        .limit(1)
    : [];
  const payments = await app.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, user.id))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(RECENT);
  const issued = await app.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, user.id))
    .orderBy(desc(invoices.issuedAt))
    .limit(RECENT);
  const owned = ownsCourses
    ? await app.db
        .select({
          id: courses.id,
          title: courses.title,
          status: courses.approvalStatus,
          live: sql<boolean>`${courses.approvedSnapshot} is not null`,
          students: sql<number>`(select count(*)::int from course_subscriptions cs where cs.course_id = ${courses.id})`,
        })
        .from(courses)
        .where(eq(courses.ownerId, user.id))
        .orderBy(desc(courses.createdAt))
    : [];
  const ownedGurus = ownsCourses
    ? await app.db.select({ id: gurus.id, name: gurus.name }).from(gurus).where(eq(gurus.ownerId, user.id))
    : [];
  const members =
    user.userType === 'institute'
      ? Object.fromEntries(
          (
            await app.db
              .select({ userType: users.userType, n: count() })
              .from(users)
              .where(and(eq(users.instituteId, user.id), inArray(users.userType, ['teacher', 'student'])))
              .groupBy(users.userType)
          ).map((entry) => [entry.userType, entry.n]),
        )
      : null;
  const subscribed = await app.db
    .select({ courseId: courses.id, title: courses.title, subscribedAt: courseSubscriptions.createdAt })
    .from(courseSubscriptions)
    .innerJoin(courses, eq(courses.id, courseSubscriptions.courseId))
    .where(eq(courseSubscriptions.userId, user.id))
    .orderBy(desc(courseSubscriptions.createdAt))
    .limit(RECENT);
  const results = await app.db
    .select({
      id: quizAttempts.id,
      quizTitle: quizAttempts.quizTitle,
      courseTitle: courses.title,
      score: quizAttempts.score,
      maxScore: quizAttempts.maxScore,
      passed: quizAttempts.passed,
      submittedAt: quizAttempts.submittedAt,
    })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .where(and(eq(quizAttempts.userId, user.id), isNotNull(quizAttempts.submittedAt)))
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(RECENT);
  const audit = await auditTrail(app, user.id);

  return {
    account: {
      ...row,
      emailVerified: user.emailVerifiedAt !== null,
      deactivationReason: user.deactivationReason,
      deleted: user.deletedAt !== null,
      isImpersonable: canImpersonate(actor, user) && user.deletedAt === null,
    },
    subscription: subscription
      ? {
          planId: subscription.sub.planId,
          planName: subscription.planName,
          status: subscription.sub.status,
          trialEndsAt: subscription.sub.trialEndsAt?.toISOString() ?? null,
          currentPeriodEnd: subscription.sub.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.sub.cancelAtPeriodEnd,
          billingPeriod: subscription.sub.billingPeriod,
          amount: subscription.sub.amount,
          currency: subscription.sub.currency,
        }
      : null,
    payments: payments.map((order) => ({
      id: order.id,
      purpose: order.purpose,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      at: (order.paidAt ?? order.createdAt).toISOString(),
    })),
    invoices: issued.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      total: invoice.total,
      currency: invoice.currency,
      issuedAt: invoice.issuedAt.toISOString(),
    })),
    ownedCourses: owned.map((course) => ({ ...course, students: Number(course.students) })),
    gurus: ownedGurus,
    members: members ? { teachers: members.teacher ?? 0, students: members.student ?? 0 } : null,
    subscriptions: subscribed.map((entry) => ({ ...entry, subscribedAt: entry.subscribedAt.toISOString() })),
    quizResults: results.map((attempt) => ({
      id: attempt.id,
      quizTitle: attempt.quizTitle,
      courseTitle: attempt.courseTitle,
      percent:
        attempt.score === null || attempt.maxScore <= 0
          ? null
          : Math.round((attempt.score / attempt.maxScore) * 100),
      passed: attempt.passed,
      submittedAt: (attempt.submittedAt as Date).toISOString(),
    })),
    referrals: user.userType === 'partner' ? { signedUp: await referredCount(app.db, user.id) } : null,
    audit,
  };
}

/** Admin actions on the account, newest first, with who did them. */
export async function auditTrail(app: App, userId: string): Promise<AuditEntry[]> {
  const rows = await app.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.at,
      actorId: users.id,
      actorName: users.fullName,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.targetId, userId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(50);
  return rows.map((entry) => ({
    id: entry.id,
    action: entry.action,
    at: entry.at.toISOString(),
    actor: entry.actorId && entry.actorName ? { id: entry.actorId, fullName: entry.actorName } : null,
    details: (entry.details ?? {}) as Record<string, unknown>,
  }));
}
