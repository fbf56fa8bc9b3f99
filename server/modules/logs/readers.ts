import { AUTH_MSG } from '../../../common/messages';
import type { Actor } from '../../http/actor';
import { forbidden } from '../../http/errors';
import { canReadLogs } from '../../http/policies';

/**
 * Every logs route calls this after its role check: admins, and developers an admin has granted
 * (`canReadLogs`; docs/decisions/015-developer-access.md). A developer still waiting is told so.
 */
export function assertLogReader(actor: Actor): void {
  if (canReadLogs(actor)) return;
  throw forbidden(AUTH_MSG.developerAccessPending);
}

/** Link tokens in mail bodies (`?token=…`) become a mask: on a production start the outbox must not hand out resets. */
export function maskLinkTokens(text: string): string {
  return text.replace(/([?&]token=)[^\s&]+/g, '$1[hidden on a production server]');
}
