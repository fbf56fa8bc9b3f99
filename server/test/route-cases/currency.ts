import { ADMINS, casesFor, type RouteCase } from './types';

/** Exchange rates (admin): read with source and time, replace, refresh from CURRENCY_RATES_URL. */
export const CURRENCY_ROUTES: RouteCase[] = casesFor(ADMINS, [
  ['GET', '/api/admin/currency-rates', '/api/admin/currency-rates'],
  // Deliberately invalid (USD must be 1): the admin gets 400 and the stored rates stay as they are.
  ['PUT', '/api/admin/currency-rates', '/api/admin/currency-rates', { rates: { USD: 2 } }],
  ['POST', '/api/admin/currency-rates/refresh', '/api/admin/currency-rates/refresh'],
]);
