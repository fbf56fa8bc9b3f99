import { rolesWith } from '../../../common/capabilities';
import { ADMINS, ALL_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const INSTITUTES = rolesWith('manage-institute');
const TOKEN = 'x'.repeat(43);

/** People: the admin's lists, pages and actions and dashboard; an institute's own people; invitation links. */
export const PEOPLE_ROUTES: RouteCase[] = [
  ...casesFor(ADMINS, [
    ['GET', '/api/admin/people', '/api/admin/people?role=student&search=a%25&page=1&pageSize=5'],
    ['GET', '/api/admin/people/:userId', `/api/admin/people/${NO_SUCH_ID}`],
    [
      'POST',
      '/api/admin/people/:userId/deactivate',
      `/api/admin/people/${NO_SUCH_ID}/deactivate`,
      { reason: 'Spam' },
    ],
    ['POST', '/api/admin/people/:userId/reactivate', `/api/admin/people/${NO_SUCH_ID}/reactivate`, {}],
    ['POST', '/api/admin/people/:userId/password-reset', `/api/admin/people/${NO_SUCH_ID}/password-reset`],
    [
      'POST',
      '/api/admin/people/:userId/extend-trial',
      `/api/admin/people/${NO_SUCH_ID}/extend-trial`,
      { days: 7 },
    ],
    [
      'POST',
      '/api/admin/people/:userId/grant-plan',
      `/api/admin/people/${NO_SUCH_ID}/grant-plan`,
      { days: 30, planId: NO_SUCH_ID },
    ],
    [
      'POST',
      '/api/admin/people/:userId/erase',
      `/api/admin/people/${NO_SUCH_ID}/erase`,
      { confirmEmail: 'nobody@example.test' },
    ],
    ['GET', '/api/admin/dashboard', '/api/admin/dashboard?from=2026-01-01&to=2026-03-31'],
  ]),
  ...casesFor(INSTITUTES, [
    ['GET', '/api/institute/people', '/api/institute/people?role=teacher'],
    ['DELETE', '/api/institute/people/:userId', `/api/institute/people/${NO_SUCH_ID}`],
    ['GET', '/api/institute/courses', '/api/institute/courses'],
    [
      'POST',
      '/api/institute/people/:userId/enrolments',
      `/api/institute/people/${NO_SUCH_ID}/enrolments`,
      { courseId: NO_SUCH_ID },
    ],
    ['GET', '/api/institute/invites', '/api/institute/invites'],
    [
      'POST',
      '/api/institute/invites',
      '/api/institute/invites',
      { email: 'not-an-email', userType: 'teacher' },
    ],
    ['DELETE', '/api/institute/invites/:inviteId', `/api/institute/invites/${NO_SUCH_ID}`],
    ['POST', '/api/institute/invites/import', '/api/institute/invites/import?role=student'],
  ]),
  {
    method: 'GET',
    path: '/api/invitations/:token',
    access: 'public',
    allowWhenEnded: true,
    request: () => ({ url: `/api/invitations/${TOKEN}` }),
  },
  {
    method: 'POST',
    path: '/api/invitations/:token/sign-up',
    access: 'public',
    allowWhenEnded: true,
    request: () => ({ url: `/api/invitations/${TOKEN}/sign-up`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/api/invitations/:token/accept',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: () => ({ url: `/api/invitations/${TOKEN}/accept`, payload: {} }),
  },
];
