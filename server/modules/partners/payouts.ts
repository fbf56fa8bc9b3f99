import { and, asc, desc, eq, gte, lt, lte, or } from 'drizzle-orm';
import { type PayoutView, REFERRAL_MSG } from '../../../common/contracts/partners';
import { formatPrice, roundMoney } from '../../../common/money';
import { formatMonth } from '../../../common/time';
import { countOf } from '../../../common/words';
import type { Db } from '../../db/client';
import { auditLog, commissions, invoices, payouts, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, conflict } from '../../http/errors';
import { mailText, sayTo } from '../../http/mail-text';
import { issueCommissionInvoice } from '../invoices/issue';
import { monthBounds, monthName, requirePartner } from './partners';

/** Who pays out: the admin (the real person behind an impersonated session is audited). */
type Payer = Pick<Actor, 'userId' | 'impersonatorId' | 'fullName'>;

/** "Referral commission, Nov 2026 (3 payments)" — with the reversals it carries, if any. */
export function payoutDescription(month: string, payments: number, reversals: number): string {
  const parts = [countOf(payments, 'payment'), ...(reversals ? [countOf(reversals, 'reversal')] : [])];
  return `Referral commission, ${monthName(month)} (${parts.join(', ')})`;
}

/**
 * Pays a partner a month that has ended (decision 034): per currency, in one transaction, the commissions earned in
 * that month and payable now — exactly the month's "payable" figure the admin confirms — plus the negative rows of
 * reversals not yet settled (adjustments, carried into the next payout), are marked paid, and the commission
 * invoice is issued for the total. Each month is paid on its own. A currency whose total is not above zero waits
 * for a later payout. Nothing to pay in any currency → 409.
 */
export async function payOut(
  app: App,
  actor: Payer,
  partnerId: string,
  month: string,
  now = new Date(),
): Promise<PayoutView> {
  const partner = await requirePartner(app.db, partnerId);
  const { start, end } = monthBounds(month);
  if (end > now) throw badRequest(REFERRAL_MSG.futureMonth, { month: REFERRAL_MSG.futureMonth });
  const due = dueIn(partnerId, { start, end, now });
  const currencies = await app.db
    .selectDistinct({ currency: commissions.currency })
    .from(commissions)
    .where(due)
    .orderBy(asc(commissions.currency));
  const made: PayoutView[] = [];
  for (const { currency } of currencies) {
    const payout = await payCurrency(app, actor, partnerId, month, currency, { start, end, now });
    if (payout) made.push(payout);
  }
  const [first] = made;
  if (!first) throw conflict(REFERRAL_MSG.nothingPayable);
  for (const payout of made) await tellPartner(app, partner, payout);
  return first;
}

/** What a payout of the month settles: its payable commissions, and reversal adjustments made up to its end. */
function dueIn(partnerId: string, at: { start: Date; end: Date; now: Date }) {
  return and(
    eq(commissions.partnerId, partnerId),
    eq(commissions.status, 'pending'),
    lte(commissions.payableAt, at.now),
    lt(commissions.earnedAt, at.end),
    or(gte(commissions.earnedAt, at.start), lt(commissions.amount, 0)),
  );
}

async function payCurrency(
  app: App,
  actor: Payer,
  partnerId: string,
  month: string,
  currency: string,
  at: { start: Date; end: Date; now: Date },
): Promise<PayoutView | null> {
  try {
    return await app.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(commissions)
        .where(and(dueIn(partnerId, at), eq(commissions.currency, currency)))
        .for('update');
      const amount = roundMoney(rows.reduce((sum, row) => sum + row.amount, 0));
      if (!(amount > 0)) return null;
      const payments = rows.filter((row) => row.amount > 0).length;
      const invoice = await issueCommissionInvoice(
        app,
        partnerId,
        {
          description: payoutDescription(month, payments, rows.length - payments),
          amount,
          currency,
          periodStart: at.start,
          // The month's last moment: the invoice prints its last day, not the next month's first.
          periodEnd: new Date(at.end.getTime() - 1),
        },
        tx,
      );
      // Paid now, by this payout: the invoice says so.
      await tx.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, invoice.id));
      const [payout] = await tx
        .insert(payouts)
        .values({
          partnerId,
          month,
          currency,
          amount,
          commissionCount: rows.length,
          invoiceId: invoice.id,
          paidBy: actor.impersonatorId ?? actor.userId,
          paidAt: at.now,
        })
        .returning();
      for (const row of rows)
        await tx
          .update(commissions)
          .set({ status: 'paid', payoutId: payout.id })
          .where(eq(commissions.id, row.id));
      await tx.insert(auditLog).values({
        actorId: actor.impersonatorId ?? actor.userId,
        action: 'pay-out-commissions',
        targetId: partnerId,
        details: { month, currency, amount, commissions: rows.length, invoiceNumber: invoice.number },
      });
      return presentPayout(payout, invoice.number, actor.fullName);
    });
  } catch (error) {
    // That month is already paid in this currency: what is payable now waits for the next month's payout.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function presentPayout(
  payout: typeof payouts.$inferSelect,
  invoiceNumber: string,
  paidBy: string,
): PayoutView {
  return {
    id: payout.id,
    month: payout.month,
    currency: payout.currency,
    amount: payout.amount,
    commissionCount: payout.commissionCount,
    invoiceId: payout.invoiceId ?? '',
    invoiceNumber,
    paidAt: payout.paidAt.toISOString(),
    paidBy,
  };
}

/** A partner's payouts, newest month first. */
export async function listPayouts(db: Db, partnerId: string): Promise<PayoutView[]> {
  const rows = await db
    .select({ payout: payouts, invoiceNumber: invoices.number, paidBy: users.fullName })
    .from(payouts)
    .leftJoin(invoices, eq(invoices.id, payouts.invoiceId))
    .leftJoin(users, eq(users.id, payouts.paidBy))
    .where(eq(payouts.partnerId, partnerId))
    .orderBy(desc(payouts.month), asc(payouts.currency));
  return rows.map((row) => presentPayout(row.payout, row.invoiceNumber ?? '', row.paidBy ?? 'An admin'));
}

/** The payout e-mail; a mail failure is logged and never undoes the payout. */
async function tellPartner(
  app: App,
  partner: { email: string; fullName: string; locale: string },
  payout: PayoutView,
) {
  // In the partner's language (decision 068): the month and the amount in its forms too.
  const say = sayTo(partner);
  const paid = {
    month: formatMonth(payout.month, { locale: say.locale }),
    amount: formatPrice(payout.amount, payout.currency, undefined, say.locale),
    count: payout.commissionCount,
    invoice: payout.invoiceNumber,
  };
  try {
    await app.mailer.send({
      to: partner.email,
      subject: say('mail.payout.subject', paid),
      text: mailText(say, partner.fullName, [
        `${say('mail.payout.body', paid)}\n${app.config.publicUrl}/invoice`,
        say('mail.payout.thanks'),
      ]),
    });
  } catch (error) {
    app.log.error({ err: error, payoutId: payout.id }, 'could not send the payout e-mail');
  }
}
