import { casesFor, LEARNERS, NO_SUCH_ID, type RouteCase } from './types';

/**
 * Checkout orders, verification, the webhook, payment history. Every buyer route stays open when a plan
 * has ended, so an ended teacher or institute can pay to continue (course purchases are refused inside).
 */
export const PAYMENT_ROUTES: RouteCase[] = [
  ...casesFor(
    LEARNERS,
    [
      ['POST', '/api/payments/orders', '/api/payments/orders', { purpose: 'course', courseId: NO_SUCH_ID }],
      [
        'POST',
        '/api/payments/orders/:orderId/verify',
        `/api/payments/orders/${NO_SUCH_ID}/verify`,
        { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'x' },
      ],
      [
        'POST',
        '/api/payments/orders/:orderId/test-pay',
        `/api/payments/orders/${NO_SUCH_ID}/test-pay`,
        { outcome: 'success' },
      ],
      ['GET', '/api/payments/history', '/api/payments/history'],
    ],
    true,
  ),
  // Public: Razorpay signs it; without the signature header it is refused before anything else (400).
  ...casesFor(
    'public',
    [['POST', '/api/payments/razorpay/webhook', '/api/payments/razorpay/webhook', {}]],
    true,
  ),
];
