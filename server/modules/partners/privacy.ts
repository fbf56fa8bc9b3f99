import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referralClicks, referralLinks, referrals } from '../../db/schema/index';
import type { DbOrTx } from './rules';

/**
 * What erasing an account on request removes from the programme (decisions 030, 034): a partner's links and
 * the clicks through them; a referred person's referral row. Commissions stay with their amounts (they are
 * money paid or owed), and the name they show follows the erased account: "Deleted user".
 */
export async function eraseReferralData(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(referralClicks).where(eq(referralClicks.partnerId, userId));
  await tx.delete(referralLinks).where(eq(referralLinks.partnerId, userId));
  await tx.delete(referrals).where(eq(referrals.referredUserId, userId));
}

/** How many accounts a partner referred (the admin's account page). */
export async function referredCount(db: Db, partnerId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(referrals).where(eq(referrals.partnerId, partnerId));
  return n;
}
