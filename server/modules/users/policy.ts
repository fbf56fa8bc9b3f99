import type { Actor } from '../../http/actor';

interface UserRef {
  id: string;
  instituteId: string | null;
}

/** A profile is edited by its owner (or whoever switched into it) and by admins. */
export function canEditUser(actor: Actor, target: UserRef): boolean {
  return actor.userId === target.id || actor.userType === 'admin';
}

/** Logos and profile images are seen by the owner, admins, the owner's institute and its members. */
export function canSeeUserImages(actor: Actor, target: UserRef): boolean {
  if (canEditUser(actor, target)) return true;
  if (target.instituteId && actor.userId === target.instituteId) return true;
  return Boolean(
    actor.instituteId && (actor.instituteId === target.id || actor.instituteId === target.instituteId),
  );
}
