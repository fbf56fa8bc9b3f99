import { moduleLevels, UNLIMITED } from '../../../common/plans';
import { ADMINS, NO_SUCH_ID, type RouteCase } from './types';

const PLAN_BODY = {
  name: 'Matrix plan',
  description: '',
  audience: 'teacher',
  trialDays: 7,
  baseCurrency: 'INR',
  prices: [{ currency: 'INR', period: 'monthly', amount: 100 }],
  limits: UNLIMITED,
  modules: moduleLevels(),
};

/** Plans (admin), public plans, exchange rates. */
export const PLAN_ROUTES: RouteCase[] = [
  ...(
    [
      ['GET', '/api/admin/plans', '/api/admin/plans', undefined],
      ['POST', '/api/admin/plans', '/api/admin/plans', PLAN_BODY],
      ['PUT', '/api/admin/plans/:planId', `/api/admin/plans/${NO_SUCH_ID}`, PLAN_BODY],
      ['POST', '/api/admin/plans/:planId/retire', `/api/admin/plans/${NO_SUCH_ID}/retire`, undefined],
      ['POST', '/api/admin/plans/:planId/restore', `/api/admin/plans/${NO_SUCH_ID}/restore`, undefined],
    ] as const
  ).map(
    ([method, path, url, payload]): RouteCase => ({
      method,
      path,
      access: ADMINS,
      allowWhenEnded: false,
      request: () => ({ url, payload }),
    }),
  ),
  {
    method: 'GET',
    path: '/api/plans',
    access: 'public',
    allowWhenEnded: true,
    request: () => ({ url: '/api/plans?audience=teacher' }),
  },
];
