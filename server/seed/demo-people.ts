import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { type BillingPeriod, chargePrice, periodEnd } from '../../common/plans';
import type { WatchRange } from '../../common/watch-ranges';
import {
  auditLog,
  courseSubscriptions,
  courses,
  invoices,
  paymentOrders,
  plans,
  subscriptions,
  users,
  videoProgress,
} from '../db/schema/index';
import type { App } from '../http/app-type';
import { hashPassword } from '../modules/auth/passwords';
import type { CourseSnapshot } from '../modules/courses/snapshot';
import { issueInvoiceForOrder } from '../modules/invoices/issue';
import { backfillLastLearned } from '../modules/users/activity';
import { DEMO_PASSWORD } from './demo';

/** Every account made here has an address at this domain (the README's demo accounts are at gurukul.test). */
export const DEMO_PEOPLE_DOMAIN = 'demo.gurukul.test';
/** The one account whose existence says the people are already there. */
export const DEMO_PEOPLE_MARKER = `lotus.valley.institute@${DEMO_PEOPLE_DOMAIN}`;

const DEMO_INSTITUTE = 'institute@gurukul.test';
const DEMO_ADMIN = 'admin@gurukul.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type PaidPlan = 'Starter' | 'Pro';
type Billing =
  | { kind: 'trial' }
  | {
      kind: 'paid' | 'ended';
      plan: PaidPlan;
      period: BillingPeriod;
      currency: 'INR' | 'USD';
      /** Days of trial before the first payment. */
      trialDays: number;
      /** 'ended': how many periods were paid before the teacher stopped. */
      periods?: number;
    };

interface Person {
  fullName: string;
  userType: 'student' | 'teacher' | 'institute' | 'partner';
  /** Days before the seed that the account signed up. */
  signedUpDaysAgo: number;
  institute?: 'demo' | 'new';
  billing?: Billing;
  unverified?: boolean;
  neverLoggedIn?: boolean;
  /** Deactivated by the demo admin, with this reason. */
  deactivated?: string;
}

const STUDENT_NAMES = [
  'Aarav Sharma',
  'Sofia Rossi',
  'Diya Patel',
  'Vihaan Reddy',
  'Liam O’Connor',
  'Ananya Iyer',
  'Ishaan Gupta',
  'Amara Okafor',
  'Saanvi Nair',
  'Aditya Kulkarni',
  'Hiroshi Tanaka',
  'Myra Choudhary',
  'Arnav Joshi',
  'Lucía Fernández',
  'Reyansh Bose',
  'Anika Verma',
  'Kabir Singh',
  'Noah Williams',
  'Riya Desai',
  'Vivaan Malhotra',
  'Fatima Al-Sayed',
  'Tara Krishnan',
  'Dhruv Banerjee',
  'Chen Wei',
  'Nisha Rao',
  'Aryan Kapoor',
  'Pooja Venkatesh',
  'Lukas Müller',
  'Zara Qureshi',
  'Yash Agarwal',
  'Sneha Pillai',
  'Olivia Brown',
  'Rahul Dutta',
  'Lakshmi Subramanian',
  'Mohammed Irfan Sheikh',
  'Gurpreet Kaur',
  'Mateo García',
  'Neha Mishra',
  'Siddharth Bhat',
  'Ayesha Siddiqui',
];

/** Students per 30-day stretch, oldest first: more recent months are busier. */
const STUDENTS_PER_MONTH = [3, 4, 5, 7, 9, 12];

function studentSignUps(): number[] {
  const days: number[] = [];
  const months = STUDENTS_PER_MONTH.length;
  STUDENTS_PER_MONTH.forEach((n, i) => {
    const monthsAgo = months - 1 - i;
    // Evenly through days 30m+1 … 30m+29 of the stretch, oldest first.
    for (let k = n - 1; k >= 0; k -= 1) days.push(30 * monthsAgo + 1 + Math.floor(((k + 0.5) * 28) / n));
  });
  return days;
}

const STUDENTS: Person[] = studentSignUps().map((signedUpDaysAgo, i) => ({
  fullName: STUDENT_NAMES[i],
  userType: 'student',
  signedUpDaysAgo,
  institute: i % 4 === 1 ? 'demo' : i % 8 === 3 ? 'new' : undefined,
  unverified: i >= 38,
  neverLoggedIn: i >= 37,
  deactivated: i === 6 ? 'Shared the account with other students, against the terms of use.' : undefined,
}));

const monthly = (plan: PaidPlan, currency: 'INR' | 'USD', trialDays: number): Billing => ({
  kind: 'paid',
  plan,
  period: 'monthly',
  currency,
  trialDays,
});

const STAFF: Person[] = [
  {
    fullName: 'Lotus Valley Institute',
    userType: 'institute',
    signedUpDaysAgo: 168,
    billing: monthly('Starter', 'INR', 14),
  },
  { fullName: 'Kavya Iyer', userType: 'teacher', signedUpDaysAgo: 178, billing: monthly('Pro', 'INR', 8) },
  {
    fullName: 'Meera Pillai',
    userType: 'teacher',
    signedUpDaysAgo: 160,
    billing: {
      kind: 'ended',
      plan: 'Starter',
      period: 'monthly',
      currency: 'INR',
      trialDays: 10,
      periods: 2,
    },
  },
  { fullName: 'Nikhil Sethi', userType: 'partner', signedUpDaysAgo: 140 },
  {
    fullName: 'Rohan Mehta',
    userType: 'teacher',
    signedUpDaysAgo: 128,
    billing: monthly('Starter', 'INR', 12),
  },
  {
    fullName: 'Emily Carter',
    userType: 'teacher',
    signedUpDaysAgo: 104,
    billing: monthly('Starter', 'USD', 9),
  },
  {
    fullName: 'Arjun Nair',
    userType: 'teacher',
    signedUpDaysAgo: 72,
    billing: { kind: 'paid', plan: 'Pro', period: 'yearly', currency: 'INR', trialDays: 14 },
  },
  { fullName: 'Hannah Schmidt', userType: 'partner', signedUpDaysAgo: 55 },
  { fullName: 'Neel Chatterjee', userType: 'teacher', signedUpDaysAgo: 45, institute: 'demo' },
  { fullName: 'Grace Thompson', userType: 'teacher', signedUpDaysAgo: 9, billing: { kind: 'trial' } },
  { fullName: 'Sameer Khan', userType: 'teacher', signedUpDaysAgo: 3, billing: { kind: 'trial' } },
];

/** The people seedDemoPeople adds: 40 students, 8 teachers, 1 institute, 2 partners. */
export const DEMO_PEOPLE: readonly Person[] = [...STAFF, ...STUDENTS];

/** "Lucía Fernández" → "lucia.fernandez@demo.gurukul.test". */
export function demoEmail(fullName: string): string {
  const local = fullName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s-]/g, '')
    .replace(/-/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
  return `${local}@${DEMO_PEOPLE_DOMAIN}`;
}

/** A small fixed-seed generator, so every first start gets the same demo (relative to its own date). */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Period {
  start: Date;
  end: Date;
}

/** The periods a payer paid for: the first when the trial converted, then renewed back to back until now. */
function paidPeriods(signedUp: Date, billing: Extract<Billing, { kind: 'paid' | 'ended' }>, now: Date) {
  const periods: Period[] = [];
  let start = new Date(signedUp.getTime() + billing.trialDays * DAY_MS);
  const limit = billing.kind === 'ended' ? (billing.periods ?? 1) : Number.POSITIVE_INFINITY;
  while (start <= now && periods.length < limit) {
    const end = periodEnd(start, billing.period);
    periods.push({ start, end });
    start = end;
  }
  return periods;
}

const maxDate = (a: Date, b: Date) => (a > b ? a : b);
const minDate = (a: Date, b: Date) => (a < b ? a : b);

/**
 * "Enough people to make the lists and charts look alive": 40 students (a quarter in the demo institute,
 * five in a second one, one deactivated), 8 teachers (two on trial, three paying monthly, one yearly, one
 * ended, one inside the demo institute), a second institute and two more partners, all at
 * @demo.gurukul.test, signed up over the last six months (recent months busier), most logged in lately.
 * Paying accounts get a subscription row and a paid test-checkout order (with its invoice) for every period
 * since their trial converted, so the dashboard's revenue chart and MRR have data. Students subscribe to the
 * approved courses and have watched lessons, many of them this week.
 *
 * Once: the marker account (the second institute) is looked for under an advisory lock and, when found,
 * nothing is added; the README's demo accounts are only read. Invoices of its paid orders are issued after
 * the people are committed (once per order, so a second run finishes what an interrupted one left).
 */
export async function seedDemoPeople(app: App, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gurukul:seed-demo-people'))`);
    const marker = await tx.query.users.findFirst({
      where: sql`lower(${users.email}) = ${DEMO_PEOPLE_MARKER}`,
    });
    if (marker) return;

    const demoInstitute = await tx.query.users.findFirst({
      where: sql`lower(${users.email}) = ${DEMO_INSTITUTE}`,
    });
    const admin = await tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${DEMO_ADMIN}` });
    const allPlans = await tx.select().from(plans);
    const planFor = (audience: string, name: string) => {
      const matching = allPlans.filter((plan) => plan.audience === audience && plan.name === name);
      const plan = matching.find((row) => row.status === 'active') ?? matching[0];
      if (!plan) throw new Error(`No ${audience} plan "${name}"; ensureDefaultPlans() runs first`);
      return plan;
    };

    const rng = mulberry32(20_260_101);
    const ids = new Map<string, string>();
    const newInstituteId = randomUUID();
    const userRows: (typeof users.$inferInsert)[] = [];
    const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
    const orderRows: (typeof paymentOrders.$inferInsert)[] = [];
    const auditRows: (typeof auditLog.$inferInsert)[] = [];
    /** Students who log in, with when: they are the ones who take courses. */
    const learners: { id: string; signedUp: Date; lastLogin: Date }[] = [];

    for (const person of DEMO_PEOPLE) {
      const email = demoEmail(person.fullName);
      const id = email === DEMO_PEOPLE_MARKER ? newInstituteId : randomUUID();
      ids.set(email, id);
      // Signed up during the day (08:00–22:00 UTC), never in the future.
      const day = new Date(now.getTime() - person.signedUpDaysAgo * DAY_MS);
      day.setUTCHours(8, 0, 0, 0);
      const signedUp = minDate(new Date(day.getTime() + rng() * 14 * HOUR_MS), now);
      const age = now.getTime() - signedUp.getTime();
      // Most logged in this week, the rest this month; an ended teacher stopped when the plan did.
      const window = (rng() < 0.7 ? 7 : 30) * DAY_MS;
      let lastLogin: Date | null = person.neverLoggedIn
        ? null
        : new Date(now.getTime() - rng() * Math.min(window, age));
      let periods: Period[] = [];
      if (person.billing && person.billing.kind !== 'trial') {
        periods = paidPeriods(signedUp, person.billing, now);
        if (person.billing.kind === 'ended' && lastLogin) {
          const last = periods[periods.length - 1];
          lastLogin = new Date(last.end.getTime() - 2 * DAY_MS);
        }
      }
      if (person.deactivated && lastLogin) {
        lastLogin = maxDate(signedUp, new Date(now.getTime() - 20 * DAY_MS));
        auditRows.push({
          actorId: admin?.id ?? null,
          action: 'deactivate-user',
          targetId: id,
          details: { reason: person.deactivated },
          at: minDate(new Date(lastLogin.getTime() + 2 * DAY_MS), now),
        });
      }
      userRows.push({
        id,
        email,
        fullName: person.fullName,
        userType: person.userType,
        passwordHash,
        emailVerifiedAt: person.unverified ? null : new Date(signedUp.getTime() + 5 * 60 * 1000),
        instituteId:
          person.institute === 'demo'
            ? (demoInstitute?.id ?? null)
            : person.institute
              ? newInstituteId
              : null,
        isActive: !person.deactivated,
        deactivationReason: person.deactivated ?? null,
        lastLoginAt: lastLogin,
        createdAt: signedUp,
      });
      if (person.userType === 'student' && lastLogin && !person.deactivated)
        learners.push({ id, signedUp, lastLogin });

      // Billing, as sign-up (startTrial) and each paid period (grantPlan) would have left it.
      if (!person.billing) continue;
      const audience = person.userType;
      const trial = planFor(audience, 'Free Trial');
      subscriptionRows.push({
        userId: id,
        planId: trial.id,
        status: 'trial',
        trialEndsAt: new Date(signedUp.getTime() + trial.trialDays * DAY_MS),
        createdAt: signedUp,
      });
      if (person.billing.kind === 'trial') continue;
      const billing = person.billing;
      const plan = planFor(audience, billing.plan);
      const price = chargePrice(plan, billing.currency, billing.period);
      if (!price || price.amount <= 0)
        throw new Error(`The ${audience} plan "${billing.plan}" has no ${billing.period} price`);
      periods.forEach((period, i) => {
        const ended = billing.kind === 'ended' && i === periods.length - 1;
        subscriptionRows.push({
          userId: id,
          planId: plan.id,
          status: ended ? 'ended' : 'active',
          billingPeriod: billing.period,
          currency: price.currency,
          amount: price.amount,
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          endedAt: ended ? period.end : null,
          notices: ended ? ['ended'] : [],
          createdAt: period.start,
        });
        orderRows.push({
          userId: id,
          purpose: 'plan',
          planId: plan.id,
          billingPeriod: billing.period,
          amount: price.amount,
          currency: price.currency,
          provider: 'test',
          receipt: `demo-${id.slice(0, 8)}-${period.start.toISOString().slice(0, 10)}`,
          status: 'paid',
          paidAt: period.start,
          grantedAt: period.start,
          createdAt: period.start,
        });
      });
    }

    await tx.insert(users).values(userRows);
    await tx.insert(subscriptions).values(subscriptionRows);
    await tx.insert(paymentOrders).values(orderRows).onConflictDoNothing({ target: paymentOrders.receipt });
    if (auditRows.length > 0) await tx.insert(auditLog).values(auditRows);

    // Half the students who log in take the approved courses; most of them watched a lesson this week.
    const live = await tx
      .select({ id: courses.id, snapshot: courses.approvedSnapshot })
      .from(courses)
      .where(isNotNull(courses.approvedSnapshot))
      .orderBy(courses.createdAt);
    if (live.length === 0) return;
    const enrolments: (typeof courseSubscriptions.$inferInsert)[] = [];
    const progress: (typeof videoProgress.$inferInsert)[] = [];
    learners
      .filter((_, i) => i % 2 === 0)
      .forEach((learner, i) => {
        const course = live[i % live.length];
        const span = learner.lastLogin.getTime() - learner.signedUp.getTime();
        const subscribedAt = new Date(learner.signedUp.getTime() + Math.min(DAY_MS, span / 2));
        enrolments.push({ courseId: course.id, userId: learner.id, createdAt: subscribedAt });
        const watchedAt = new Date(
          learner.lastLogin.getTime() -
            Math.min(10 * 60 * 1000, (learner.lastLogin.getTime() - subscribedAt.getTime()) / 2),
        );
        const lessons = ((course.snapshot as CourseSnapshot).videos ?? [])
          .filter((video) => video.kind === 'lesson' && video.durationSeconds)
          .sort((a, b) => a.position - b.position);
        // Finished the first few lessons, part way through the next.
        const finished = i % (lessons.length + 1);
        lessons.slice(0, finished + 1).forEach((lesson, n) => {
          const duration = lesson.durationSeconds ?? 0;
          const done = n < finished;
          const watched = done ? duration : Math.round(duration * (0.2 + 0.5 * rng()) * 10) / 10;
          if (watched <= 0) return;
          const ranges: WatchRange[] = [[0, watched]];
          const at = new Date(watchedAt.getTime() - (finished - n) * 15 * 60 * 1000);
          const when = maxDate(at, subscribedAt);
          progress.push({
            userId: learner.id,
            videoId: lesson.id,
            positionSeconds: done ? duration : watched,
            watchedSeconds: watched,
            watchedRanges: ranges,
            completedAt: done ? when : null,
            updatedAt: when,
          });
        });
      });
    if (enrolments.length > 0) await tx.insert(courseSubscriptions).values(enrolments).onConflictDoNothing();
    if (progress.length > 0) await tx.insert(videoProgress).values(progress).onConflictDoNothing();
  });

  // Every paid demo order gets its invoice, issued when it was paid (as demo-billing.ts does).
  const uninvoiced = await app.db
    .select({ order: paymentOrders })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .where(
      and(
        like(users.email, `%@${DEMO_PEOPLE_DOMAIN}`),
        eq(paymentOrders.provider, 'test'),
        eq(paymentOrders.status, 'paid'),
        isNull(invoices.id),
      ),
    )
    .orderBy(paymentOrders.paidAt);
  for (const { order } of uninvoiced) {
    const start = order.paidAt ?? order.createdAt;
    const period = { start, end: periodEnd(start, (order.billingPeriod ?? 'monthly') as BillingPeriod) };
    const { id } = await issueInvoiceForOrder(app, order.id, period);
    await app.db
      .update(invoices)
      .set({ issuedAt: start })
      .where(and(eq(invoices.id, id), eq(invoices.orderId, order.id)));
  }
  // The progress above was written straight to its table: learners' last activity follows it (and any other
  // demo learning written the same way before this seeder ran last).
  await backfillLastLearned(app.db);
}
