import { rolesWith } from '../../../common/capabilities';
import { casesFor, NO_SUCH_ID, type RouteCase } from './types';

/**
 * Invoices: list and PDF (teachers, institutes and partners; open after the plan has ended). A teacher
 * inside an institute is refused: the institute's plan covers them.
 */
export const INVOICE_ROUTES: RouteCase[] = casesFor(
  rolesWith('receive-invoices'),
  [
    ['GET', '/api/invoices', '/api/invoices'],
    ['GET', '/api/invoices/:invoiceId/pdf', `/api/invoices/${NO_SUCH_ID}/pdf`],
  ],
  true,
).map((route) => ({ ...route, refusesInstituteTeachers: true }));
