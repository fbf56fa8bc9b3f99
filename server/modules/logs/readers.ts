import { AUTH_MSG } from '../../../common/messages';
import type { Actor } from '../../http/actor';
import { forbidden } from '../../http/errors';

/**
 * Who reads what developers read (the mail outbox; later the request and error logs): admins, and developers
 * an admin has granted. Anyone may sign up as a developer, so the role alone opens nothing
 * (docs/decisions/015-developer-access.md).
 */
export function assertLogReader(actor: Actor): void {
  if (actor.userType === 'admin' || actor.developerAccessGranted) return;
  throw forbidden(AUTH_MSG.developerAccessPending);
}

/** Link tokens in mail bodies (`?token=…`) become a mask: on a production start the outbox must not hand out resets. */
export function maskLinkTokens(text: string): string {
  return text.replace(/([?&]token=)[^\s&]+/g, '$1[hidden on a production server]');
}
