import type { RouteCase } from './types';

/** Invoices: list and PDF. */
export const INVOICE_ROUTES: RouteCase[] = [];
