import { rolesWith } from '../../../common/capabilities';
import { casesFor, NO_SUCH_ID } from './types';

/** Developers' logs: admins and developers (a developer without an admin's grant is refused by the handler). */
export const LOGS_ROUTES = casesFor(rolesWith('read-logs'), [
  ['GET', '/api/logs/status', '/api/logs/status'],
  ['GET', '/api/logs/requests', '/api/logs/requests?status=5xx'],
  ['GET', '/api/logs/requests/:requestId', `/api/logs/requests/${NO_SUCH_ID}`],
  ['GET', '/api/logs/app', '/api/logs/app?level=warn'],
  ['GET', '/api/logs/errors', '/api/logs/errors'],
  ['GET', '/api/logs/errors/:fingerprint', `/api/logs/errors/${'0'.repeat(40)}`],
  ['GET', '/api/logs/jobs', '/api/logs/jobs'],
  ['GET', '/api/logs/outbox', '/api/logs/outbox'],
]);
