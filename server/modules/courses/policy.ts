import type { Actor } from '../../http/actor';

interface Owner {
  id: string;
  instituteId: string | null;
}

/**
 * Who may read and change a course while it is being authored: its owner, the institute the owner
 * belongs to, and admins. Nobody else, whatever they claim.
 */
export function canAuthorCourse(actor: Actor, owner: Owner): boolean {
  if (actor.userType === 'admin') return true;
  if (actor.userId === owner.id) return true;
  return actor.userType === 'institute' && owner.instituteId === actor.userId;
}
