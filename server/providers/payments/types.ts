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
  /**
   * Who paid, as the provider knows it (Razorpay's GET /v1/payments/:id): e-mail, contact, UPI address, customer
   * and saved-card token. Null when the provider has nothing to say (the test checkout). Throws
   * PaymentProviderError when the provider cannot be asked.
   */
  payer(paymentId: string): Promise<PaymentPayer | null>;
}

/** The payer fields of a provider's payment (any may be missing). */
export interface PaymentPayer {
  email?: string | null;
  contact?: string | number | null;
  vpa?: string | null;
  customerId?: string | null;
  tokenId?: string | null;
}

/** A provider refused or could not be reached; routes turn it into a clear 503 for the buyer. */
export class PaymentProviderError extends Error {}
