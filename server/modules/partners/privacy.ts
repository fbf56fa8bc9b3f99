import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerBrowsers, referralClicks, referralLinks, referrals } from '../../db/schema/index';
import type { DbOrTx } from './rules';

/**
 * What erasing an account on request removes from the programme (decisions 030, 034, 055): a partner's links,
 * the clicks through them and the browsers remembered as theirs; a referred person's referral row. Commissions stay with their amounts (they are
 * money paid or owed), and the name they show follows the erased account: "Deleted user".
 */
export async function eraseReferralData(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(referralClicks).where(eq(referralClicks.partnerId, userId));
  await tx.delete(referralLinks).where(eq(referralLinks.partnerId, userId));
  await tx.delete(partnerBrowsers).where(eq(partnerBrowsers.partnerId, userId));
  await tx.delete(referrals).where(eq(referrals.referredUserId, userId));
}

/** How many accounts a partner referred (the admin's account page); a refused self-referral is none. */
export async function referredCount(db: Db, partnerId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.partnerId, partnerId), isNull(referrals.refusedReason)));
  return n;
}
