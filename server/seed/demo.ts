import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, plans, subscriptions, users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_PASSWORD = 'Gurukul2026';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoAccount {
  email: string;
  fullName: string;
  userType: string;
  /** Email of the institute this account belongs to. */
  institute?: string;
  subscription?: 'trial' | 'trial-ended' | 'paid' | 'paid-ended';
}

/** The demo accounts of README.md; later features add their content here. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@gurukul.test', fullName: 'Asha Admin', userType: 'admin' },
  { email: 'teacher@gurukul.test', fullName: 'Tara Teacher', userType: 'teacher', subscription: 'trial' },
  {
    email: 'institute@gurukul.test',
    fullName: 'Indus Institute',
    userType: 'institute',
    subscription: 'paid',
  },
  {
    email: 'faculty@gurukul.test',
    fullName: 'Farhan Faculty',
    userType: 'teacher',
    institute: 'institute@gurukul.test',
  },
  { email: 'student@gurukul.test', fullName: 'Sita Student', userType: 'student' },
  { email: 'partner@gurukul.test', fullName: 'Pavan Partner', userType: 'partner' },
  { email: 'developer@gurukul.test', fullName: 'Devi Developer', userType: 'developer' },
  {
    email: 'trial-ended@gurukul.test',
    fullName: 'Tanvi Trial-Ended',
    userType: 'teacher',
    subscription: 'trial-ended',
  },
  {
    email: 'subscription-ended@gurukul.test',
    fullName: 'Sunrise Subscription-Ended Institute',
    userType: 'institute',
    subscription: 'paid-ended',
  },
];

/** The default plan each demo state is on: trials on "Free Trial", paid ones on "Pro" (see default-plans.ts). */
const DEMO_PLAN_NAMES: Record<NonNullable<DemoAccount['subscription']>, string> = {
  trial: 'Free Trial',
  'trial-ended': 'Free Trial',
  paid: 'Pro',
  'paid-ended': 'Starter',
};

function subscriptionRow(
  kind: NonNullable<DemoAccount['subscription']>,
  userId: string,
  planId: string,
  now: number,
) {
  switch (kind) {
    case 'trial':
      return { userId, planId, status: 'trial', trialEndsAt: new Date(now + 10 * DAY_MS) };
    case 'trial-ended':
      return { userId, planId, status: 'trial', trialEndsAt: new Date(now - 2 * DAY_MS) };
    case 'paid':
      return { userId, planId, status: 'active', currentPeriodEnd: new Date(now + 30 * DAY_MS) };
    case 'paid-ended':
      return { userId, planId, status: 'ended', currentPeriodEnd: new Date(now - 3 * DAY_MS) };
  }
}

/** Adds the demo accounts that are missing; running it twice changes nothing. */
export async function seedDemo(db: Db, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const planFor = async (audience: string, name: string) => {
      const plan = await tx.query.plans.findFirst({
        where: and(eq(plans.audience, audience), eq(plans.name, name)),
      });
      if (!plan) throw new Error(`No ${audience} plan "${name}"; ensureDefaultPlans() runs first`);
      return plan;
    };
    const ids = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      const existing = await tx.query.users.findFirst({
        where: sql`lower(${users.email}) = ${account.email}`,
      });
      if (existing) {
        ids.set(account.email, existing.id);
        continue;
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          fullName: account.fullName,
          userType: account.userType,
          passwordHash,
          emailVerifiedAt: new Date(now),
          // The demo developer has been granted by an admin; a developer who signs up waits for one.
          developerAccessGrantedAt: account.userType === 'developer' ? new Date(now) : null,
          instituteId: account.institute ? ids.get(account.institute) : null,
        })
        .returning();
      ids.set(account.email, user.id);
      if (account.subscription) {
        const plan = await planFor(account.userType, DEMO_PLAN_NAMES[account.subscription]);
        await tx.insert(subscriptions).values(subscriptionRow(account.subscription, user.id, plan.id, now));
      }
      if (account.email === 'teacher@gurukul.test') {
        const submittedAt = new Date(now - DAY_MS);
        await tx.insert(courses).values([
          {
            ownerId: user.id,
            title: 'Algebra Foundations',
            description:
              'Variables, expressions and linear equations, step by step, with practice after every lesson.',
            category: 'Mathematics',
            level: 'Beginner',
            language: 'English',
            price: 0,
            currency: 'INR',
            passingScore: 60,
            approvalStatus: 'PENDING',
            submittedAt,
          },
          {
            ownerId: user.id,
            title: 'Physics in Everyday Life',
            description: 'Forces, energy and waves explained with things you find at home.',
            category: 'Science',
            level: 'Intermediate',
            language: 'English',
            price: 499,
            currency: 'INR',
            passingScore: 50,
            approvalStatus: 'PENDING',
            submittedAt,
          },
        ]);
      }
    }
  });
}
