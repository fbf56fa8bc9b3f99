import { casesFor, NO_SUCH_ID, PLAN_HOLDERS, type RouteCase } from './types';

/**
 * The owner's subscription: read, cancel, resume, downgrade. Open after the plan has ended (so owners can
 * see where they stand and pay); a teacher inside an institute is refused: the institute's plan covers them.
 */
export const SUBSCRIPTION_ROUTES: RouteCase[] = casesFor(
  PLAN_HOLDERS,
  [
    ['GET', '/api/billing/subscription', '/api/billing/subscription'],
    ['POST', '/api/billing/subscription/cancel', '/api/billing/subscription/cancel'],
    ['POST', '/api/billing/subscription/resume', '/api/billing/subscription/resume'],
    [
      'POST',
      '/api/billing/subscription/downgrade',
      '/api/billing/subscription/downgrade',
      { planId: NO_SUCH_ID },
    ],
  ],
  true,
).map((route) => ({ ...route, refusesInstituteTeachers: true }));
