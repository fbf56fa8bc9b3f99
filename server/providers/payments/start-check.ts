import type { Config } from '../../config';
import { StartupError } from '../../lifecycle/startup-error';

/**
 * A server that would take no real payments refuses to start (decision 055): without Razorpay keys the local test
 * checkout lets anyone mark an order paid, so under NODE_ENV=production (or with TEST_PAYMENTS=off) it runs only
 * when TEST_PAYMENTS=on asks for it, and then every page says so. Checked before anything else starts.
 */
export function checkPaymentSettings(
  config: Pick<Config, 'razorpay' | 'testPayments' | 'isProduction'>,
): void {
  if (config.razorpay || config.testPayments) return;
  throw new StartupError(
    config.isProduction
      ? 'NODE_ENV is production but no payment keys are set: the local test checkout would let anyone "pay" without paying.'
      : 'TEST_PAYMENTS is off but no payment keys are set: nothing could take a payment.',
    'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (and RAZORPAY_WEBHOOK_SECRET), or set TEST_PAYMENTS=on to run the free test checkout on purpose (every page then shows "Test payments").',
  );
}

/** The line a start prints while the test checkout is on, so nobody mistakes it for real payments. */
export function testPaymentsWarning(
  config: Pick<Config, 'testPayments' | 'testPaymentsNotice'>,
): string | null {
  if (!config.testPayments) return null;
  return config.testPaymentsNotice
    ? 'Warning: TEST_PAYMENTS=on: the local test checkout takes payments and nothing is charged; every page says "Test payments".'
    : 'Payments use the local test checkout (no RAZORPAY_KEY_ID): nothing is charged.';
}
