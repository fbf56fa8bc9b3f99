import { rolesWith } from '../../../common/capabilities';
import { ADMINS, casesFor, NO_SUCH_ID, type RouteCase } from './types';

/**
 * Single sign-on (decision 073): the sign-in's own routes are public (their checks are the state, the cookie and
 * the tickets, tested in server/modules/auth/sso/sign-in.test.ts); the settings are the admin's (Google,
 * Microsoft) and an institute's (its own issuer). Bodies are empty, so an allowed caller gets 400 or 404.
 */
export const SINGLE_SIGN_ON_ROUTES: RouteCase[] = [
  ...casesFor(
    'public',
    [
      ['GET', '/api/sso/options', '/api/sso/options'],
      ['POST', '/api/sso/school', '/api/sso/school'],
      ['POST', '/api/sso/link-info', '/api/sso/link-info'],
      ['POST', '/api/sso/ticket-account', '/api/sso/ticket-account'],
      ['GET', '/api/sso/start', '/api/sso/start?provider=google'],
      ['GET', '/api/sso/callback', '/api/sso/callback?state=unknown'],
      ['POST', '/api/sso/session', '/api/sso/session'],
      ['POST', '/api/sso/link', '/api/sso/link'],
    ],
    true,
  ),
  ...casesFor(
    [...rolesWith('administer'), ...rolesWith('manage-institute')],
    [['GET', '/api/sso-settings', '/api/sso-settings']],
  ),
  ...casesFor(ADMINS, [
    ['PUT', '/api/sso-settings/platform/:kind', '/api/sso-settings/platform/google'],
    ['DELETE', '/api/sso-settings/platform/:kind', '/api/sso-settings/platform/nothing'],
  ]),
  ...casesFor(rolesWith('manage-institute'), [
    ['PUT', '/api/sso-settings/institute', '/api/sso-settings/institute'],
    ['DELETE', '/api/sso-settings/institute', '/api/sso-settings/institute'],
  ]),
];

/**
 * LTI 1.3 (decision 074): the platform's calls are public (their checks: server/modules/lti/launch.test.ts); the
 * registrations are the admin's and each institute's own. Empty bodies: an allowed caller gets 400 or 404.
 */
export const LTI_ROUTES: RouteCase[] = [
  ...casesFor(
    'public',
    [
      ['GET', '/api/lti/login', '/api/lti/login'],
      ['POST', '/api/lti/login', '/api/lti/login'],
      ['POST', '/api/lti/launch', '/api/lti/launch'],
      ['GET', '/api/lti/jwks', '/api/lti/jwks'],
    ],
    true,
  ),
  ...casesFor(
    [...rolesWith('administer'), ...rolesWith('manage-institute')],
    [
      ['GET', '/api/lti/platforms', '/api/lti/platforms'],
      ['POST', '/api/lti/platforms', '/api/lti/platforms'],
      ['PUT', '/api/lti/platforms/:platformId', `/api/lti/platforms/${NO_SUCH_ID}`],
      ['DELETE', '/api/lti/platforms/:platformId', `/api/lti/platforms/${NO_SUCH_ID}`],
      [
        'POST',
        '/api/lti/platforms/:platformId/contexts/:contextId/roster',
        `/api/lti/platforms/${NO_SUCH_ID}/contexts/${NO_SUCH_ID}/roster`,
      ],
    ],
  ),
  // A teacher's Deep Linking request: only its own (404 to anyone else who may author).
  ...casesFor(rolesWith('author'), [
    ['GET', '/api/lti/deep-links/:requestId', `/api/lti/deep-links/${NO_SUCH_ID}`],
    ['POST', '/api/lti/deep-links/:requestId', `/api/lti/deep-links/${NO_SUCH_ID}`],
  ]),
];
