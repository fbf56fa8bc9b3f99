import type { CheckoutInput, CheckoutOrder, PaymentResult } from '../../../common/contracts/billing';
import { verifyRazorpayPayment } from './api';
import { t } from './i18n';
import { loadRazorpayScript } from './razorpay-script';

/** The shapes of Razorpay's checkout.js that we use (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
interface RazorpayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  handler: (response: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
}
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (answer: { error?: { description?: string } }) => void): void;
}
declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** What the buyer is told about a payment, as catalog keys (for `t`). */
export const PAYMENT_MESSAGES = {
  received: 'billing.pay.received',
  cancelled: 'billing.pay.cancelled',
  failed: 'billing.pay.failed',
  notGranted: 'billing.pay.notGranted',
} as const;

/** Where the buyer goes after paying: the plan's management page, or the bought course. */
export function destinationAfterPayment(input: CheckoutInput): string {
  return input.purpose === 'plan' ? '/plan?page=manage' : `/subscribed-courses?courseId=${input.courseId}`;
}

export interface RazorpayOutcome {
  /** Set when Razorpay reported a payment and the server checked it. */
  result?: PaymentResult;
  /** The buyer closed Razorpay's window without paying. */
  dismissed?: boolean;
  /** Razorpay said the payment failed (the buyer may still retry inside the window). */
  failure?: string;
}

/**
 * Opens Razorpay's checkout for an order the server created, and settles once: with the server's verdict on
 * the payment, or with `dismissed` when the window is closed. The script is loaded only now, on demand.
 */
export async function payWithRazorpay(order: CheckoutOrder): Promise<RazorpayOutcome> {
  const details = order.razorpay;
  if (!details) throw new Error(t('billing.pay.notRazorpay'));
  // SPEC §8's RAZORPAY_SCRIPT_ERROR, in the interface's language.
  await loadRazorpayScript(details.checkoutUrl).catch(() => {
    throw new Error(t('billing.pay.scriptError'));
  });
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error(t('billing.pay.scriptError'));
  return new Promise<RazorpayOutcome>((resolve, reject) => {
    let settled = false;
    // Razorpay keeps its window open after a failed attempt so the buyer can retry; if they then close
    // it, they are told the payment failed rather than that they cancelled.
    let lastFailure: string | undefined;
    const checkout = new Razorpay({
      key: details.keyId,
      order_id: details.orderId,
      amount: details.amountSubunits,
      currency: order.currency,
      name: 'Gurukul',
      description: order.description,
      prefill: details.prefill,
      handler: (response) => {
        settled = true;
        verifyRazorpayPayment(order.orderId, {
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        }).then((result) => resolve({ result }), reject);
      },
      modal: {
        ondismiss: () => {
          if (settled) return;
          settled = true;
          resolve(lastFailure ? { failure: lastFailure } : { dismissed: true });
        },
      },
    });
    checkout.on('payment.failed', (answer) => {
      lastFailure = answer.error?.description ?? t(PAYMENT_MESSAGES.failed);
    });
    checkout.open();
  });
}
