import { ADMINS, casesFor } from './types';

/**
 * The Learning Record Store (decision 078): the admin's only. Empty bodies and nothing saved: an admin gets 400 to
 * the writes and the test statement.
 */
export const XAPI_ROUTES = casesFor(ADMINS, [
  ['GET', '/api/xapi-settings', '/api/xapi-settings'],
  ['PUT', '/api/xapi-settings', '/api/xapi-settings'],
  ['DELETE', '/api/xapi-settings', '/api/xapi-settings'],
  ['POST', '/api/xapi-settings/test', '/api/xapi-settings/test'],
]);
