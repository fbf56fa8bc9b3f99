import { rolesWith } from '../../../common/capabilities';
import { ADMINS, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const REFERRERS = rolesWith('refer');
const RULE = { percent: 10, months: 6, scope: 'both', planIds: [], holdDays: 14, windowDays: 30 };

/** The referral programme (decision 034): the `?ref=` visit (anyone), partners' own pages, the admin's side. */
export const PARTNER_ROUTES: RouteCase[] = [
  ...casesFor(
    'public',
    [['POST', '/api/referrals/visit', '/api/referrals/visit', { code: 'no-such-code' }]],
    true,
  ),
  ...casesFor(REFERRERS, [
    ['GET', '/api/partner/links', '/api/partner/links'],
    ['POST', '/api/partner/links', '/api/partner/links', { label: ' ' }],
    ['PATCH', '/api/partner/links/:linkId', `/api/partner/links/${NO_SUCH_ID}`, { archived: true }],
    ['GET', '/api/partner/report/summary', '/api/partner/report/summary?from=2026-01-01&to=2026-12-31'],
    ['GET', '/api/partner/report/referred', '/api/partner/report/referred?status=paying&page=1&pageSize=5'],
    [
      'GET',
      '/api/partner/report/commissions',
      '/api/partner/report/commissions?status=payable&month=2026-11',
    ],
  ]),
  ...casesFor(ADMINS, [
    ['GET', '/api/admin/partners/commission-rule', '/api/admin/partners/commission-rule'],
    ['PUT', '/api/admin/partners/commission-rule', '/api/admin/partners/commission-rule', { percent: 200 }],
    ['GET', '/api/admin/partners/balances', '/api/admin/partners/balances'],
    ['GET', '/api/admin/partners/:partnerId/programme', `/api/admin/partners/${NO_SUCH_ID}/programme`],
    [
      'PUT',
      '/api/admin/partners/:partnerId/commission-rule',
      `/api/admin/partners/${NO_SUCH_ID}/commission-rule`,
      RULE,
    ],
    [
      'DELETE',
      '/api/admin/partners/:partnerId/commission-rule',
      `/api/admin/partners/${NO_SUCH_ID}/commission-rule`,
    ],
    ['GET', '/api/admin/partners/:partnerId/referred', `/api/admin/partners/${NO_SUCH_ID}/referred?page=1`],
    [
      'GET',
      '/api/admin/partners/:partnerId/commissions',
      `/api/admin/partners/${NO_SUCH_ID}/commissions?month=2026-01`,
    ],
    [
      'POST',
      '/api/admin/partners/:partnerId/payouts',
      `/api/admin/partners/${NO_SUCH_ID}/payouts`,
      { month: '2020-01' },
    ],
  ]),
];
