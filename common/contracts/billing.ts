import type { AccessLevel, BillingPeriod, PlanAudience, PlanLimits, PlanModule, PlanPrice } from '../plans';

/**
 * The business side's API (plans, subscriptions, payments, invoices, exchange rates). Paths, JSON unless
 * noted. Owners = a teacher without an institute, or an institute (a teacher inside an institute is covered
 * by the institute's plan: billing routes answer them 403 "Your institute's plan covers your account.").
 *
 * Plans (admin):
 *   GET  /api/admin/plans                         → { plans: AdminPlan[] } (active and retired)
 *   POST /api/admin/plans          PlanInput       → 201 AdminPlan
 *   PUT  /api/admin/plans/:planId  PlanInput       → AdminPlan
 *   POST /api/admin/plans/:planId/retire          → AdminPlan (subscribers keep it to their period end)
 *   POST /api/admin/plans/:planId/restore         → AdminPlan
 * Public:
 *   GET  /api/plans?audience=teacher|institute    → { plans: PublicPlan[] } (active only; 'public')
 *
 * Subscription (owners; allowed when the trial or subscription has ended, so they can pay):
 *   GET  /api/billing/subscription                → MySubscription
 *   POST /api/billing/subscription/cancel          → MySubscription (cancels at period end)
 *   POST /api/billing/subscription/resume          → MySubscription (undoes a pending cancel/downgrade)
 *   POST /api/billing/subscription/downgrade  { planId } → MySubscription (takes effect at period end)
 *
 * Payments (checkout):
 *   POST /api/payments/orders   CheckoutInput      → CheckoutOrder (owners for plans, any learner for courses;
 *                                                     allowed when ended for plans)
 *   POST /api/payments/orders/:orderId/verify   RazorpayVerifyInput → PaymentResult (the order's buyer)
 *   POST /api/payments/orders/:orderId/test-pay { outcome } → PaymentResult (test checkout only)
 *   POST /api/payments/razorpay/webhook   raw body + X-Razorpay-Signature → 200 { ok } ('public')
 *   GET  /api/payments/history?status&page         → { payments: PaymentRow[], total } (own payments)
 *
 * Invoices (teacher, institute, partner; own):
 *   GET  /api/invoices?kind&from&to&page           → { invoices: InvoiceRowView[], total }
 *   GET  /api/invoices/:invoiceId/pdf              → application/pdf (attachment)
 *
 * Exchange rates (admin):
 *   GET  /api/admin/currency-rates                → AdminCurrencyRates (the latest row with its source and time)
 *   PUT  /api/admin/currency-rates   { rates }     → the new rates object with _id (served by
 *                                                     GET /api/common/currency-rate)
 *   POST /api/admin/currency-rates/refresh         → the refreshed rates (409 when no source is set)
 */

export interface AdminPlan {
  id: string;
  name: string;
  description: string;
  audience: PlanAudience;
  status: 'active' | 'retired';
  trialDays: number;
  baseCurrency: string;
  prices: PlanPrice[];
  limits: PlanLimits;
  modules: Record<PlanModule, AccessLevel>;
  position: number;
  /** Current subscribers (trial or paid, not ended). */
  subscribers: number;
}

export type PublicPlan = Omit<AdminPlan, 'status' | 'subscribers'>;

export interface MySubscription {
  plan: PublicPlan;
  status: 'trial' | 'active' | 'cancelled' | 'ended';
  isFreeTrial: boolean;
  remainingTrialDays: number | null;
  trialEndsAt: string | null;
  billingPeriod: BillingPeriod | null;
  currency: string | null;
  amount: number | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  nextPlan: { id: string; name: string } | null;
  /** What the account uses now against the plan's limits. */
  usage: Partial<Record<keyof PlanLimits, number>>;
}

/**
 * What a buyer may tell checkout for a GST tax invoice (decision 067): their GSTIN (checked, its state is
 * theirs), else the state they are in as its GST code, or '96' for outside India. The server decides the tax.
 */
export interface CheckoutTaxInput {
  gstin?: string;
  state?: string;
}

export type CheckoutInput = CheckoutTaxInput &
  (
    | { purpose: 'plan'; planId: string; period: BillingPeriod; currency?: string }
    | { purpose: 'course'; courseId: string; currency?: string }
  );

export interface CheckoutOrder {
  orderId: string;
  provider: 'razorpay' | 'test';
  amount: number;
  currency: string;
  description: string;
  /** For the Razorpay checkout script (amount in the currency's smallest unit, as Razorpay wants). */
  razorpay?: {
    keyId: string;
    orderId: string;
    amountSubunits: number;
    checkoutUrl: string;
    prefill: { name: string; email: string };
  };
}

export interface RazorpayVerifyInput {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface PaymentResult {
  orderId: string;
  status: 'created' | 'paid' | 'failed' | 'refunded';
  /** What was bought has been given (subscription active, course subscribed). */
  granted: boolean;
  invoiceId: string | null;
  message?: string;
}

export interface PaymentRow {
  orderId: string;
  purpose: 'plan' | 'course';
  description: string;
  amount: number;
  currency: string;
  provider: 'razorpay' | 'test';
  status: 'created' | 'paid' | 'failed' | 'refunded';
  createdAt: string;
  paidAt: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

export interface InvoiceRowView {
  id: string;
  number: string;
  kind: 'subscription' | 'course' | 'commission' | 'credit_note';
  description: string;
  /** A credit note's: the number of the invoice it reverses. */
  creditsNumber: string | null;
  issuedAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  currency: string;
  subtotal: number;
  taxLabel: string;
  taxRate: number;
  taxAmount: number;
  total: number;
  status: 'paid' | 'issued';
}

/** The stored exchange rates as the admin panel shows them (rates relative to USD). */
export interface AdminCurrencyRates {
  id: string;
  rates: Record<string, number>;
  /** 'seed', 'admin' or the source URL's host. */
  source: string;
  updatedAt: string;
}
