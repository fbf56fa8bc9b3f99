import type { RouteCase } from './types';

/** Checkout orders, verification, the webhook, payment history. */
export const PAYMENT_ROUTES: RouteCase[] = [];
