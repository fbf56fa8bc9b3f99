import { AUTHOR_ROLES, casesFor, type RouteCase } from './types';

/**
 * Access of the integrations routes (see types.ts). PUT is sent without a body (so no outside service is
 * called) and DELETE names no integration: an allowed caller gets 400 (validation), the others 401/403.
 */
export const INTEGRATIONS_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['GET', '/api/integrations', '/api/integrations'],
  ['GET', '/api/voices', '/api/voices'],
  ['PUT', '/api/integrations/:keyName', '/api/integrations/didApiKey'],
  ['DELETE', '/api/integrations/:keyName', '/api/integrations/noSuchIntegration'],
]);
