import { randomUUID } from 'node:crypto';
import type { Payments } from './types';

/**
 * The local stand-in when no Razorpay keys are configured: orders are made up (`test_<uuid>`) and paid
 * through the test-pay route, never through signatures or webhooks, which it always refuses.
 */
export function testCheckoutPayments(): Payments {
  return {
    kind: 'test',
    webhooksEnabled: false,
    async createOrder() {
      return { providerOrderId: `test_${randomUUID()}` };
    },
    verifyPayment: () => false,
    verifyWebhook: () => false,
    // Who paid is the paying account itself (its e-mail), which the caller knows already.
    payer: async () => null,
  };
}
