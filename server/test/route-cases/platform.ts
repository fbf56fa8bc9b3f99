import { rolesWith } from '../../../common/capabilities';
import { ADMINS, ALL_ROLES, NO_SUCH_ID, own, type RouteCase } from './types';

/** The platform shell: health, accounts, profile, common calls, files, logs. */
export const PLATFORM_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    allowWhenEnded: true,
    request: () => ({ url: '/api/health' }),
  },
  {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    allowWhenEnded: true,
    request: () => ({ url: '/api/health/ready' }),
  },
  ...(['sign-up', 'verify-email', 'login', 'forgot-password', 'reset-password'] as const).map(
    (name): RouteCase => ({
      method: 'POST',
      path: `/api/auth/${name}`,
      access: 'public',
      allowWhenEnded: true,
      request: () => ({ url: `/api/auth/${name}`, payload: {} }),
    }),
  ),
  {
    method: 'POST',
    path: '/api/auth/logout',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: (c) => ({ url: '/api/auth/logout', headers: c.spareHeaders }),
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: () => ({ url: '/api/auth/me' }),
  },
  {
    method: 'PUT',
    path: '/api/auth/change-password',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: () => ({
      url: '/api/auth/change-password',
      payload: { currentPassword: 'NotTheOne1', newPassword: 'Another123', confirmPassword: 'Another123' },
    }),
  },
  {
    method: 'POST',
    path: '/api/auth/impersonate',
    access: rolesWith('log-in-as'),
    allowWhenEnded: false,
    request: () => ({ url: '/api/auth/impersonate', payload: { userId: NO_SUCH_ID } }),
  },
  {
    method: 'GET',
    path: '/api/common/user-info/logo-path',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: (c) => ({ url: `/api/common/user-info/logo-path?userId=${own(c)}&version=tiny` }),
  },
  {
    method: 'PUT',
    path: '/api/common/user-info/:userId',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: (c) => ({ url: `/api/common/user-info/${own(c)}`, payload: { isDarkTheme: false } }),
  },
  {
    method: 'PUT',
    path: '/api/common/locale',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: () => ({ url: '/api/common/locale', payload: { locale: 'en' } }),
  },
  {
    method: 'POST',
    path: '/api/common/user-info/:userId/image',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: (c) => ({ url: `/api/common/user-info/${own(c)}/image?kind=profileImage` }),
  },
  ...(['currency-rate', 'countries', 'system-country-info', 'insight'] as const).map(
    (name): RouteCase => ({
      method: 'GET',
      path: `/api/common/${name}`,
      access: 'public',
      allowWhenEnded: true,
      request: () => ({ url: `/api/common/${name}` }),
    }),
  ),
  {
    method: 'GET',
    path: '/api/common/presigned-data',
    access: ALL_ROLES,
    allowWhenEnded: true,
    request: () => ({ url: '/api/common/presigned-data?path=users/nobody/missing.png' }),
  },
  {
    method: 'GET',
    path: '/api/files/*',
    access: 'public',
    allowWhenEnded: true,
    request: (_caller, env) => ({ url: env.missingFileUrl }),
  },
  {
    method: 'GET',
    path: '/api/teacher/course/approval-counts',
    access: ADMINS,
    allowWhenEnded: false,
    request: () => ({ url: '/api/teacher/course/approval-counts' }),
  },
  {
    method: 'GET',
    path: '/api/admin/developers',
    access: ADMINS,
    allowWhenEnded: false,
    request: () => ({ url: '/api/admin/developers' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/developers/:userId/access',
    access: ADMINS,
    allowWhenEnded: false,
    request: () => ({ url: `/api/admin/developers/${NO_SUCH_ID}/access`, payload: { granted: true } }),
  },
];
