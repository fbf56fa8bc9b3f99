import { eq } from 'drizzle-orm';
import { courses, plans } from '../db/schema/index';
import type { App } from '../http/app-type';
import { buildSnapshot } from '../modules/approvals/snapshots';
import { insertCourse } from './courses';

/** A priced plan for an audience: INR 499 a month (USD 9), INR 4990 a year. */
export async function insertPricedPlan(
  app: App,
  audience: 'teacher' | 'institute',
  patch: Partial<typeof plans.$inferInsert> = {},
) {
  const [plan] = await app.db
    .insert(plans)
    .values({
      name: `Pro ${audience}`,
      audience,
      baseCurrency: 'INR',
      prices: [
        { currency: 'INR', period: 'monthly', amount: 499 },
        { currency: 'USD', period: 'monthly', amount: 9 },
        { currency: 'INR', period: 'yearly', amount: 4990 },
      ],
      ...patch,
    })
    .returning();
  return plan;
}

/** A live (approved) course with a price, straight into the database. */
export async function insertLiveCourse(
  app: App,
  ownerId: string,
  price: number,
  currency = 'INR',
  patch: Parameters<typeof insertCourse>[2] = {},
) {
  const course = await insertCourse(app, ownerId, {
    ...patch,
    price,
    currency,
    approvalStatus: 'APPROVED',
    reviewedAt: new Date(),
  });
  await app.db
    .update(courses)
    .set({ approvedSnapshot: await buildSnapshot(app.db, course) })
    .where(eq(courses.id, course.id));
  return course;
}
