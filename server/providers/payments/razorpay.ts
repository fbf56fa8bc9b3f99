import type { RazorpaySettings } from '../../config';
import { toSubunits } from './currency';
import { hmacHex, signatureMatches } from './signatures';
import { type PaymentPayer, PaymentProviderError, type Payments } from './types';

interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

/** The payer fields of Razorpay's payment entity (GET /v1/payments/:id, and webhooks' payment entity). */
export interface RazorpayPayment {
  id?: string;
  email?: string | null;
  contact?: string | number | null;
  vpa?: string | null;
  customer_id?: string | null;
  token_id?: string | null;
}

export const payerOf = (payment: RazorpayPayment): PaymentPayer => ({
  email: payment.email,
  contact: payment.contact,
  vpa: payment.vpa,
  customerId: payment.customer_id,
  tokenId: payment.token_id,
});

/**
 * Razorpay's Orders API (POST /v1/orders with HTTP Basic key_id:key_secret) and its two signatures:
 * the checkout's over `order_id|payment_id` with the key secret, the webhook's over the raw body with
 * the webhook secret.
 */
export function razorpayPayments(settings: RazorpaySettings, fetchImpl: typeof fetch = fetch): Payments {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  return {
    kind: 'razorpay',
    webhooksEnabled: Boolean(settings.webhookSecret),
    async createOrder({ receipt, amount, currency, notes }) {
      let response: Response;
      try {
        response = await fetchImpl(`${settings.apiBase}/v1/orders`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: toSubunits(amount, currency),
            currency,
            receipt,
            notes: notes ?? {},
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new PaymentProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as
        | (RazorpayOrder & { error?: { code?: string; description?: string } })
        | null;
      if (!response.ok || !body?.id) {
        const reason = body?.error?.description ?? `HTTP ${response.status}`;
        throw new PaymentProviderError(`Razorpay refused the order: ${reason}`);
      }
      return { providerOrderId: body.id };
    },
    async payer(paymentId) {
      let response: Response;
      try {
        response = await fetchImpl(`${settings.apiBase}/v1/payments/${encodeURIComponent(paymentId)}`, {
          headers: { authorization: auth },
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new PaymentProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as RazorpayPayment | null;
      if (!response.ok || !body?.id)
        throw new PaymentProviderError(
          `Razorpay did not return payment ${paymentId}: HTTP ${response.status}`,
        );
      return payerOf(body);
    },
    verifyPayment({ providerOrderId, paymentId, signature }) {
      return signatureMatches(hmacHex(settings.keySecret, `${providerOrderId}|${paymentId}`), signature);
    },
    verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret) return false;
      return signatureMatches(hmacHex(settings.webhookSecret, rawBody), signature);
    },
  };
}
