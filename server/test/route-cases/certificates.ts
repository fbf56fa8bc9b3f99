import { ADMINS, ALL_ROLES, AUTHOR_ROLES, casesFor, LEARNERS, NO_SUCH_ID, type RouteCase } from './types';

const course = `/api/certificates/courses/${NO_SUCH_ID}`;
/** A well-formed certificate id nothing has. */
const NO_SUCH_CERTIFICATE = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/**
 * Certificates (decision 079): learners see their standing and their certificates; a certificate's PDF is its
 * learner's or its course's authors'; rules, issued lists, revoking and templates are the authors'; the check
 * page's reads, the issuer and its keys are anyone's; rotating the key is the admin's.
 */
export const CERTIFICATE_ROUTES: RouteCase[] = [
  ...casesFor(LEARNERS, [
    ['GET', '/api/certificates/courses/:courseId/progress', `${course}/progress`],
    ['POST', '/api/certificates/courses/:courseId/claim', `${course}/claim`, { name: 'A' }],
    ['PUT', '/api/certificates/name', '/api/certificates/name'],
    ['GET', '/api/certificates/mine', '/api/certificates/mine'],
  ]),
  ...casesFor(ALL_ROLES, [
    ['GET', '/api/certificates/:id/pdf', `/api/certificates/${NO_SUCH_CERTIFICATE}/pdf`],
  ]),
  ...casesFor(AUTHOR_ROLES, [
    ['GET', '/api/certificates/courses/:courseId/rules', `${course}/rules`],
    ['PUT', '/api/certificates/courses/:courseId/rules', `${course}/rules`],
    ['GET', '/api/certificates/courses/:courseId/issued', `${course}/issued`],
    ['GET', '/api/certificates/courses/:courseId/issued.csv', `${course}/issued.csv`],
    ['POST', '/api/certificates/:id/revoke', `/api/certificates/${NO_SUCH_CERTIFICATE}/revoke`],
    ['GET', '/api/certificates/template', '/api/certificates/template'],
    ['PUT', '/api/certificates/template', '/api/certificates/template'],
    ['DELETE', '/api/certificates/template', `/api/certificates/template?courseId=${NO_SUCH_ID}`],
    ['POST', '/api/certificates/template/pictures', '/api/certificates/template/pictures'],
    ['POST', '/api/certificates/template/preview', '/api/certificates/template/preview'],
  ]),
  ...casesFor('public', [
    ['GET', '/api/certificates/verify/:id', `/api/certificates/verify/${NO_SUCH_CERTIFICATE}`],
    [
      'GET',
      '/api/certificates/verify/:id/credential',
      `/api/certificates/verify/${NO_SUCH_CERTIFICATE}/credential`,
    ],
    ['GET', '/api/certificates/issuer', '/api/certificates/issuer'],
    ['GET', '/api/certificates/keys/:keyId', '/api/certificates/keys/none'],
  ]),
  ...casesFor(ADMINS, [['POST', '/api/certificates/keys/rotate', '/api/certificates/keys/rotate']]),
];
