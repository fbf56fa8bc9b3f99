/**
 * A payment provider: creates the order the checkout pays, and checks that a payment or a webhook really
 * came from the provider. Razorpay in production; a local test checkout when no keys are configured.
 */
export interface Payments {
  kind: 'razorpay' | 'test';
  /** `amount` in the currency's main unit (e.g. rupees); the provider converts to its smallest unit. */
  createOrder(input: {
    receipt: string;
    amount: number;
    currency: string;
    notes?: Record<string, string>;
  }): Promise<{ providerOrderId: string }>;
  /** The checkout's success signature over OUR stored provider order id and the payment id. */
  verifyPayment(input: { providerOrderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's signature over the raw body; false when no webhook secret is configured. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** Whether webhooks can be verified at all (a webhook secret is configured). */
  webhooksEnabled: boolean;
}

/** A provider refused or could not be reached; routes turn it into a clear 503 for the buyer. */
export class PaymentProviderError extends Error {}
