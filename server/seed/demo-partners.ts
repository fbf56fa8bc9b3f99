import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  courseSubscriptions,
  courses,
  invoices,
  paymentOrders,
  referralClicks,
  referralLinks,
  referrals,
  users,
} from '../db/schema/index';
import type { App } from '../http/app-type';
import { buildSnapshot } from '../modules/approvals/snapshots';
import { issueInvoiceForOrder } from '../modules/invoices/issue';
import { visitorHash } from '../modules/partners/attribution';
import { recordCommission } from '../modules/partners/commissions';
import { ensureMainLink, newLinkCode } from '../modules/partners/links';
import { monthOf } from '../modules/partners/partners';
import { payOut } from '../modules/partners/payouts';
import { DEMO_DECKS } from './demo-deck';
import { seedDeckLessons, waitForCourseVideos } from './demo-library';
import { demoEmail } from './demo-people';
import type { SeedCall } from './demo-quiz';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_PARTNER = 'partner@gurukul.test';
const DEMO_TEACHER = 'teacher@gurukul.test';
const DEMO_ADMIN = 'admin@gurukul.test';
/** The paid course of the demo catalog (teacher@), priced in INR and shown converted to the visitor's currency. */
export const DEMO_PAID_COURSE_TITLE = 'Trigonometry Essentials';
/** The campaign link whose existence says the partner demo is already there. */
export const DEMO_CAMPAIGN_LABEL = 'Instagram bio';
/** The referred payers, from seedDemoPeople: a teacher on a monthly plan and a student who buys the paid course. */
export const DEMO_REFERRED_TEACHER = demoEmail('Rohan Mehta');
export const DEMO_REFERRED_STUDENT = demoEmail('Aarav Sharma');
/** Clicks per month through the main and the campaign link, oldest month first (six months). */
const CLICKS = [
  [5, 0],
  [8, 2],
  [6, 4],
  [11, 3],
  [9, 6],
  [7, 5],
];

const byEmail = (app: App, email: string) =>
  app.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` });

const PAID_COURSE = {
  title: DEMO_PAID_COURSE_TITLE,
  description:
    'Sine, cosine and tangent in right triangles, the special angles of 30 and 45 degrees, and finding a missing side, with worked examples.',
  category: 'Mathematics',
  level: 'Intermediate',
  language: 'English',
  price: 799,
  currency: 'INR',
  passingScore: 60,
};

/**
 * teacher@'s paid course made as a teacher makes one (decision 060): two lessons generated from drawn decks by
 * the course library, submitted and approved by admin@; then dated a month back, so the free demo course
 * (approved at the first start) stays first on /explore-course. Runs inside seedDemoContent.
 */
export async function seedDemoPaidLessons(
  app: App,
  call: SeedCall,
  tokens: { teacher: string; admin: string },
  now = new Date(),
): Promise<void> {
  const course = await call('POST', '/api/courses', tokens.teacher, { payload: PAID_COURSE });
  const courseId = course.id as string;
  await seedDeckLessons(call, tokens.teacher, courseId, DEMO_DECKS.trigonometry);
  await waitForCourseVideos(call, tokens.teacher, courseId);
  await call('POST', `/api/courses/${courseId}/submit`, tokens.teacher);
  await call('POST', `/api/approvals/${courseId}/approve`, tokens.admin, {
    payload: { comment: 'Worked examples make it clear. Approved.' },
  });
  const reviewedAt = new Date(now.getTime() - 30 * DAY_MS);
  await app.db
    .update(courses)
    .set({
      reviewedAt,
      submittedAt: new Date(reviewedAt.getTime() - DAY_MS),
      createdAt: new Date(reviewedAt.getTime() - 2 * DAY_MS),
    })
    .where(eq(courses.id, courseId));
}

/**
 * teacher@'s paid, approved course (once, by title): the catalog's one priced course. seedDemoContent makes
 * it with its lessons; without that (the partner demo seeded alone) it is added here without lessons.
 */
export async function seedDemoPaidCourse(app: App, now = new Date()) {
  const teacher = await byEmail(app, DEMO_TEACHER);
  if (!teacher) return null;
  const existing = await app.db.query.courses.findFirst({
    where: and(eq(courses.ownerId, teacher.id), eq(courses.title, DEMO_PAID_COURSE_TITLE)),
  });
  if (existing) return existing;
  // Approved a month ago, so the demo course (approved at the first start) stays first on /explore-course.
  const reviewedAt = new Date(now.getTime() - 30 * DAY_MS);
  const [course] = await app.db
    .insert(courses)
    .values({
      ownerId: teacher.id,
      ...PAID_COURSE,
      approvalStatus: 'APPROVED',
      submittedAt: new Date(reviewedAt.getTime() - DAY_MS),
      reviewedAt,
      createdAt: new Date(reviewedAt.getTime() - 2 * DAY_MS),
    })
    .returning();
  const [live] = await app.db
    .update(courses)
    .set({ approvedSnapshot: await buildSnapshot(app.db, course) })
    .where(eq(courses.id, course.id))
    .returning();
  return live;
}

/**
 * The referral programme's demo (decision 034): partner@ has a main link and an "Instagram bio" campaign with
 * six months of clicks; they referred Rohan Mehta (a teacher paying monthly) and Aarav Sharma (a student who
 * bought the paid course). Their payments earned commissions through the real recordCommission; the oldest
 * month is paid out through the real payOut, so a commission invoice is at /invoice, and the newest
 * commissions are still in their hold. Runs after seedDemoPeople; a second run adds nothing.
 */
export async function seedDemoPartners(app: App, now = new Date()): Promise<void> {
  const course = await seedDemoPaidCourse(app, now);
  const [partner, admin, teacher, student] = await Promise.all(
    [DEMO_PARTNER, DEMO_ADMIN, DEMO_REFERRED_TEACHER, DEMO_REFERRED_STUDENT].map((email) =>
      byEmail(app, email),
    ),
  );
  if (!partner || !admin || !teacher || !student || !course) return;
  const marker = await app.db.query.referralLinks.findFirst({
    where: and(eq(referralLinks.partnerId, partner.id), eq(referralLinks.label, DEMO_CAMPAIGN_LABEL)),
  });
  if (marker) return;

  const main = await ensureMainLink(app.db, partner.id);
  const [campaign] = await app.db
    .insert(referralLinks)
    .values({
      partnerId: partner.id,
      code: newLinkCode(),
      label: DEMO_CAMPAIGN_LABEL,
      createdAt: new Date(now.getTime() - 150 * DAY_MS),
    })
    .returning();
  const clicks: (typeof referralClicks.$inferInsert)[] = [];
  CLICKS.forEach(([viaMain, viaCampaign], i) => {
    const monthsAgo = CLICKS.length - 1 - i;
    for (let k = 0; k < viaMain + viaCampaign; k += 1) {
      const at = new Date(now.getTime() - (monthsAgo * 30 + ((k * 7) % 28) + 1) * DAY_MS);
      clicks.push({
        linkId: k < viaMain ? main.id : campaign.id,
        partnerId: partner.id,
        visitorHash: visitorHash(app.config.jwtSecret, `203.0.113.${i * 20 + k}`),
        landing: k % 3 === 0 ? '/pricing' : '/',
        at,
      });
    }
  });
  await app.db.insert(referralClicks).values(clicks);
  await app.db
    .insert(referrals)
    .values([
      { referredUserId: teacher.id, partnerId: partner.id, linkId: main.id, createdAt: teacher.createdAt },
      {
        referredUserId: student.id,
        partnerId: partner.id,
        linkId: campaign.id,
        createdAt: student.createdAt,
      },
    ])
    .onConflictDoNothing({ target: referrals.referredUserId });

  // Aarav bought the paid course twenty days ago, through the test checkout.
  const boughtAt = new Date(now.getTime() - 20 * DAY_MS);
  const receipt = `demo-partner-course-${student.id.slice(0, 8)}`;
  await app.db
    .insert(paymentOrders)
    .values({
      userId: student.id,
      purpose: 'course',
      courseId: course.id,
      amount: course.price,
      currency: course.currency,
      provider: 'test',
      receipt,
      status: 'paid',
      paidAt: boughtAt,
      grantedAt: boughtAt,
      createdAt: boughtAt,
    })
    .onConflictDoNothing();
  const order = await app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.receipt, receipt) });
  if (order) {
    await app.db
      .insert(courseSubscriptions)
      .values({ courseId: course.id, userId: student.id, createdAt: boughtAt })
      .onConflictDoNothing();
    const { id } = await issueInvoiceForOrder(app, order.id);
    await app.db.update(invoices).set({ issuedAt: boughtAt }).where(eq(invoices.id, id));
  }

  const paid = await app.db
    .select({ id: paymentOrders.id, paidAt: paymentOrders.paidAt })
    .from(paymentOrders)
    .where(and(inArray(paymentOrders.userId, [teacher.id, student.id]), eq(paymentOrders.status, 'paid')))
    .orderBy(asc(paymentOrders.paidAt));
  for (const payment of paid) await recordCommission(app, payment.id);
  const oldest = paid[0]?.paidAt;
  if (oldest)
    await payOut(
      app,
      { userId: admin.id, impersonatorId: null, fullName: admin.fullName },
      partner.id,
      monthOf(oldest),
      now,
    ).catch((error: unknown) => app.log.warn({ err: error }, 'the demo payout was not made'));
}
