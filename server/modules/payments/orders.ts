import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { CheckoutInput, CheckoutOrder, CheckoutTaxInput } from '../../../common/contracts/billing';
import { gstStateName } from '../../../common/gst';
import { type BillingPeriod, chargePrice, isFreePlan } from '../../../common/plans';
import {
  courseSubscriptions,
  type OrderBuyerTax,
  type PaymentOrderRow,
  paymentOrders,
  plans,
} from '../../db/schema/index';
import { ENDED_MESSAGE } from '../../http/access';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { toSubunits } from '../../providers/payments/currency';
import { PaymentProviderError } from '../../providers/payments/types';
import { loadLiveCourse } from '../catalog/service';

export const INSTITUTE_COVERS_MESSAGE = said('server.payments.instituteCovers');
export const ALREADY_SUBSCRIBED_MESSAGE = said('server.payments.alreadySubscribed');
export const BUYER_STATE_MESSAGE = said('server.payments.buyerState');
/** A GSTIN's first two digits are its state: a different state chosen beside it is a mistake to point out. */
export const gstinStateMessage = (state: string) => said('server.payments.gstinState', { state });
/** A second checkout for the same thing within this window reuses the first order (a double click). */
const REUSE_WINDOW_MS = 30 * 60 * 1000;

/** What an order buys and for how much, decided here from the database, never from the client. */
interface Purchase {
  purpose: 'plan' | 'course';
  planId: string | null;
  billingPeriod: BillingPeriod | null;
  courseId: string | null;
  amount: number;
  currency: string;
  description: string;
}

/** Creates (or reuses) the order the checkout pays, after checking the buyer may buy it. */
export async function createCheckoutOrder(
  app: App,
  actor: Actor,
  input: CheckoutInput,
): Promise<CheckoutOrder> {
  const buyerTax = buyerTaxOf(input);
  const purchase =
    input.purpose === 'plan'
      ? await planPurchase(app, actor, input)
      : await coursePurchase(app, actor, input);
  const order = await app.db.transaction(async (tx) => {
    // One checkout at a time per buyer, so two racing clicks cannot both miss the reusable order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${actor.userId}`}))`);
    const [recent] = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, actor.userId),
          eq(paymentOrders.status, 'created'),
          eq(paymentOrders.provider, app.payments.kind),
          eq(paymentOrders.amount, purchase.amount),
          eq(paymentOrders.currency, purchase.currency),
          gt(paymentOrders.createdAt, new Date(Date.now() - REUSE_WINDOW_MS)),
          purchase.purpose === 'plan'
            ? and(
                eq(paymentOrders.planId, purchase.planId as string),
                eq(paymentOrders.billingPeriod, purchase.billingPeriod as string),
              )
            : eq(paymentOrders.courseId, purchase.courseId as string),
        ),
      )
      .limit(1);
    if (recent) {
      // The same purchase asked again, perhaps with the GSTIN added or corrected: the invoice takes the latest.
      if (JSON.stringify(recent.buyerTax ?? null) === JSON.stringify(buyerTax)) return recent;
      const [updated] = await tx
        .update(paymentOrders)
        .set({ buyerTax })
        .where(eq(paymentOrders.id, recent.id))
        .returning();
      return updated;
    }
    const receipt = `gk_${randomBytes(12).toString('base64url')}`;
    const { providerOrderId } = await providerOrder(app, receipt, purchase, actor);
    const [created] = await tx
      .insert(paymentOrders)
      .values({
        userId: actor.userId,
        purpose: purchase.purpose,
        planId: purchase.planId,
        billingPeriod: purchase.billingPeriod,
        courseId: purchase.courseId,
        amount: purchase.amount,
        currency: purchase.currency,
        provider: app.payments.kind,
        receipt,
        providerOrderId,
        buyerTax,
      })
      .returning();
    return created;
  });
  return presentCheckout(app, actor, order, purchase.description);
}

/** The GST details checkout stores on the order: a GSTIN (whose state must agree with a chosen one) or a state. */
function buyerTaxOf(input: CheckoutTaxInput): OrderBuyerTax | null {
  if (input.gstin) {
    const registered = input.gstin.slice(0, 2);
    if (input.state && input.state !== registered)
      throw badRequest(gstinStateMessage(gstStateName(registered) ?? registered));
    return { gstin: input.gstin };
  }
  return input.state ? { stateCode: input.state } : null;
}

async function providerOrder(app: App, receipt: string, purchase: Purchase, actor: Actor) {
  try {
    return await app.payments.createOrder({
      receipt,
      amount: purchase.amount,
      currency: purchase.currency,
      notes: {
        purpose: purchase.purpose,
        userId: actor.userId,
        item: purchase.planId ?? purchase.courseId ?? '',
      },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    app.log.error({ err: error }, 'payment provider refused an order');
    throw new AppError('UNAVAILABLE', said('server.payments.unavailable'));
  }
}

async function planPurchase(
  app: App,
  actor: Actor,
  input: Extract<CheckoutInput, { purpose: 'plan' }>,
): Promise<Purchase> {
  if (actor.userType !== 'teacher' && actor.userType !== 'institute')
    throw forbidden(said('server.payments.plansNotForYou'));
  if (actor.userType === 'teacher' && actor.instituteId) throw forbidden(INSTITUTE_COVERS_MESSAGE);
  const plan = await app.db.query.plans.findFirst({ where: eq(plans.id, input.planId) });
  if (!plan || plan.audience !== actor.userType) throw notFound(said('server.payments.planNotFound'));
  if (plan.status !== 'active') throw badRequest(said('server.payments.planNotOffered'));
  if (isFreePlan(plan)) throw badRequest(said('server.payments.planFree'));
  const price = chargePrice(plan, input.currency, input.period);
  if (!price || !(price.amount > 0))
    throw badRequest(said('server.payments.noPeriodPrice', { period: input.period }));
  return {
    purpose: 'plan',
    planId: plan.id,
    billingPeriod: input.period,
    courseId: null,
    amount: price.amount,
    currency: price.currency,
    description: `${plan.name} (${input.period})`,
  };
}

async function coursePurchase(
  app: App,
  actor: Actor,
  input: Extract<CheckoutInput, { purpose: 'course' }>,
): Promise<Purchase> {
  const { course, snapshot } = await loadLiveCourse(app, input.courseId);
  // The route stays open to ended teachers so they can pay for a plan; buying courses waits for that.
  if (actor.trialEnded || actor.subscriptionEnded)
    throw forbidden(actor.subscriptionEnded ? ENDED_MESSAGE.subscription : ENDED_MESSAGE.trial);
  const price = Number(snapshot.info.price) || 0;
  if (!(price > 0)) throw badRequest(said('server.payments.courseFree'));
  const [subscribed] = await app.db
    .select({ courseId: courseSubscriptions.courseId })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.courseId, course.id), eq(courseSubscriptions.userId, actor.userId)));
  if (subscribed) throw new AppError('CONFLICT', ALREADY_SUBSCRIBED_MESSAGE);
  return {
    purpose: 'course',
    planId: null,
    billingPeriod: null,
    courseId: course.id,
    amount: price,
    currency: snapshot.info.currency,
    description: snapshot.info.title,
  };
}

function presentCheckout(app: App, actor: Actor, order: PaymentOrderRow, description: string): CheckoutOrder {
  const answer: CheckoutOrder = {
    orderId: order.id,
    provider: order.provider as CheckoutOrder['provider'],
    amount: order.amount,
    currency: order.currency,
    description,
  };
  const settings = app.config.razorpay;
  if (order.provider === 'razorpay' && settings && order.providerOrderId) {
    answer.razorpay = {
      keyId: settings.keyId,
      orderId: order.providerOrderId,
      amountSubunits: toSubunits(order.amount, order.currency),
      checkoutUrl: settings.checkoutUrl,
      prefill: { name: actor.fullName, email: actor.email },
    };
  }
  return answer;
}
