import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseSubscriptions,
  courses,
  courseVideos,
  invoices,
  paymentOrders,
  subscriptions,
  users,
  videoProgress,
} from '../db/schema/index';
import type { CourseSnapshot } from '../modules/courses/snapshot';
import { dashboard } from '../modules/people/dashboard';
import { startTestApp, type TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_PEOPLE_DOMAIN, DEMO_PEOPLE_MARKER, seedDemoPeople } from './demo-people';

const DAY_MS = 24 * 60 * 60 * 1000;
const isDemoPerson = like(users.email, `%@${DEMO_PEOPLE_DOMAIN}`);
const isReadmeAccount = like(users.email, '%@gurukul.test');

let ctx: TestContext;
/** The README's demo accounts with their subscriptions and orders, as they were before seedDemoPeople ran. */
let readmeBefore: unknown;

async function readmeAccounts() {
  const rows = await ctx.app.db.select().from(users).where(isReadmeAccount).orderBy(users.email);
  const ids = rows.map((row) => row.id);
  return {
    users: rows,
    subscriptions: await ctx.app.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.userId, ids))
      .orderBy(subscriptions.id),
    orders: await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(inArray(paymentOrders.userId, ids))
      .orderBy(paymentOrders.id),
  };
}

/** An approved course of teacher@ with two ready lessons in its live snapshot, as the demo content leaves it. */
async function approvedCourse() {
  const teacher = await ctx.app.db.query.users.findFirst({ where: eq(users.email, 'teacher@gurukul.test') });
  if (!teacher) throw new Error('seedDemo made no teacher@');
  const [course] = await ctx.app.db
    .insert(courses)
    .values({ ownerId: teacher.id, title: 'Foundations of Geometry', approvalStatus: 'APPROVED' })
    .returning();
  const videos = await ctx.app.db
    .insert(courseVideos)
    .values(
      ['Points and Lines', 'Angles'].map((title, position) => ({
        id: randomUUID(),
        courseId: course.id,
        title,
        position,
        durationSeconds: 8,
        processingStatus: 'ready',
      })),
    )
    .returning();
  const snapshot: CourseSnapshot = {
    info: {
      title: course.title,
      description: '',
      category: '',
      level: '',
      language: '',
      price: 0,
      currency: 'INR',
      passingScore: 0,
      thumbnailPath: null,
    },
    videos: videos.map((video) => ({
      id: video.id,
      kind: 'lesson',
      title: video.title,
      position: video.position,
      hlsPath: null,
      posterPath: null,
      durationSeconds: video.durationSeconds,
    })),
    faqs: [],
    materials: [],
  };
  await ctx.app.db.update(courses).set({ approvedSnapshot: snapshot }).where(eq(courses.id, course.id));
  return course.id;
}

let courseId: string;
let ordersAfterFirstRun: number;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemo(ctx.app.db);
  courseId = await approvedCourse();
  readmeBefore = await readmeAccounts();
  await seedDemoPeople(ctx.app);
  [{ n: ordersAfterFirstRun }] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOrders);
  await seedDemoPeople(ctx.app);
}, 60_000);
afterAll(async () => ctx.close());

describe('seedDemoPeople', () => {
  it('adds the people once: a second run adds no account, order or invoice', async () => {
    const people = await ctx.app.db.select().from(users).where(isDemoPerson);
    expect(people).toHaveLength(51);
    expect(new Set(people.map((person) => person.email)).size).toBe(51);
    expect(people.some((person) => person.email === DEMO_PEOPLE_MARKER)).toBe(true);
    const [{ n: orders }] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(paymentOrders);
    expect(orders).toBe(ordersAfterFirstRun);
    // Every paid demo order has exactly one invoice, issued when it was paid.
    const invoiced = await ctx.app.db
      .select({ order: paymentOrders, invoice: invoices })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
      .where(isDemoPerson);
    expect(invoiced.length).toBeGreaterThan(10);
    for (const { order, invoice } of invoiced) {
      expect(order.receipt).toMatch(/^demo-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}$/);
      expect(invoice?.issuedAt).toEqual(order.paidAt);
      expect(invoice?.total).toBe(order.amount);
    }
  });

  it('has 40 students, 8 teachers, one more institute and two more partners, with passwords that work', async () => {
    const people = await ctx.app.db.select().from(users).where(isDemoPerson);
    const byRole = (role: string) => people.filter((person) => person.userType === role);
    expect(byRole('student')).toHaveLength(40);
    expect(byRole('teacher')).toHaveLength(8);
    expect(byRole('institute')).toHaveLength(1);
    expect(byRole('partner')).toHaveLength(2);
    const partners = await ctx.app.db.select().from(users).where(eq(users.userType, 'partner'));
    expect(partners).toHaveLength(3);

    const demoInstitute = await ctx.app.db.query.users.findFirst({
      where: eq(users.email, 'institute@gurukul.test'),
    });
    const [newInstitute] = byRole('institute');
    const inDemo = people.filter((person) => person.instituteId === demoInstitute?.id);
    expect(inDemo.filter((person) => person.userType === 'student').length).toBeGreaterThanOrEqual(5);
    expect(inDemo.filter((person) => person.userType === 'teacher').length).toBeGreaterThanOrEqual(1);
    expect(people.filter((person) => person.instituteId === newInstitute.id).length).toBeGreaterThan(0);

    const deactivated = people.filter((person) => !person.isActive);
    expect(deactivated).toHaveLength(1);
    expect(deactivated[0].userType).toBe('student');
    expect(deactivated[0].deactivationReason).toBeTruthy();
    const [trail] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, deactivated[0].id));
    expect(trail.action).toBe('deactivate-user');

    const loggedIn = people.filter((person) => person.lastLoginAt);
    expect(loggedIn.length).toBeGreaterThan(people.length * 0.8);
    for (const person of loggedIn) {
      expect(person.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(person.createdAt.getTime());
      expect(person.lastLoginAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }

    const student = byRole('student').find((person) => person.isActive);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student?.email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('spreads the sign-ups over the last six months, the recent ones busier', async () => {
    const people = await ctx.app.db.select().from(users).where(isDemoPerson);
    const now = Date.now();
    for (const person of people) {
      expect(person.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(person.createdAt.getTime()).toBeGreaterThan(now - 181 * DAY_MS);
    }
    const months = new Set(people.map((person) => person.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
    const within = (from: number, to: number) =>
      people.filter((person) => {
        const age = now - person.createdAt.getTime();
        return age >= from * DAY_MS && age < to * DAY_MS;
      }).length;
    expect(within(0, 30)).toBeGreaterThan(within(150, 181));
  });

  it('gives the paying accounts six months of paid orders, subscriptions with a price, and an MRR', async () => {
    const paid = await ctx.app.db
      .select({ order: paymentOrders })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(and(isDemoPerson, eq(paymentOrders.status, 'paid')));
    const months = new Set(paid.map(({ order }) => order.paidAt!.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
    const currencies = new Set(paid.map(({ order }) => order.currency));
    expect([...currencies].sort()).toEqual(['INR', 'USD']);
    expect(paid.filter(({ order }) => order.currency === 'INR').length).toBeGreaterThan(
      paid.filter(({ order }) => order.currency === 'USD').length,
    );
    expect(new Set(paid.map(({ order }) => order.billingPeriod))).toEqual(new Set(['monthly', 'yearly']));

    // Each payer's latest subscription row is their current one: trials, paid and one ended.
    const latest = (
      await ctx.app.db.execute<{
        user_type: string;
        status: string;
        amount: string | null;
        ends: string;
      }>(sql`
        select distinct on (s.user_id) u.user_type, s.status, s.amount::text,
               coalesce(s.current_period_end, s.trial_ends_at)::text as ends
        from subscriptions s join users u on u.id = s.user_id
        where u.email like ${`%@${DEMO_PEOPLE_DOMAIN}`}
        order by s.user_id, s.created_at desc`)
    ).rows;
    const statuses = latest.map((row) => row.status).sort();
    expect(statuses).toEqual(['active', 'active', 'active', 'active', 'active', 'ended', 'trial', 'trial']);
    for (const row of latest.filter((r) => r.status === 'active')) {
      expect(Number(row.amount)).toBeGreaterThan(0);
      expect(new Date(row.ends).getTime()).toBeGreaterThan(Date.now());
    }

    const { figures, series } = await dashboard(ctx.app, {});
    expect(figures.mrr).toBeGreaterThan(0);
    expect(figures.people.student).toBeGreaterThanOrEqual(40);
    expect(figures.signUps30d).toBeGreaterThan(5);
    expect(series.points.filter((point) => point.revenue > 0).length).toBeGreaterThanOrEqual(5);
    expect(series.points.filter((point) => point.signUps > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('subscribes students to the approved course, several of them watching this week', async () => {
    const enrolled = await ctx.app.db
      .select({ user: users })
      .from(courseSubscriptions)
      .innerJoin(users, eq(users.id, courseSubscriptions.userId))
      .where(and(eq(courseSubscriptions.courseId, courseId), isDemoPerson));
    expect(enrolled.length).toBeGreaterThanOrEqual(10);
    expect(enrolled.every(({ user }) => user.userType === 'student' && user.isActive)).toBe(true);
    const progress = await ctx.app.db
      .select({ progress: videoProgress })
      .from(videoProgress)
      .innerJoin(users, eq(users.id, videoProgress.userId))
      .where(isDemoPerson);
    expect(progress.some(({ progress: row }) => row.completedAt)).toBe(true);
    const thisWeek = new Set(
      progress
        .filter(({ progress: row }) => row.updatedAt.getTime() >= Date.now() - 7 * DAY_MS)
        .map(({ progress: row }) => row.userId),
    );
    expect(thisWeek.size).toBeGreaterThanOrEqual(3);
    const { figures } = await dashboard(ctx.app, {});
    expect(figures.activeLearners7d).toBeGreaterThanOrEqual(3);
  });

  it('leaves the README demo accounts as they were', async () => {
    expect(await readmeAccounts()).toEqual(readmeBefore);
  });
});
