import type { Actor } from './actor';

/** The owner of something authored (a course, a guru, a course library) or a user, as policies need them. */
interface OwnerRef {
  id: string;
  instituteId: string | null;
}

/**
 * Who may read and change what a teacher authors (a course while it is being made, a guru, a course
 * library): its owner, the institute the owner belongs to, and admins. Nobody else, whatever they claim.
 */
export function canAuthorFor(actor: Actor, owner: OwnerRef): boolean {
  if (actor.userType === 'admin') return true;
  if (actor.userId === owner.id) return true;
  return actor.userType === 'institute' && owner.instituteId === actor.userId;
}

/** A profile is edited by its owner (or whoever switched into it) and by admins. */
export function canEditUser(actor: Actor, target: OwnerRef): boolean {
  return actor.userId === target.id || actor.userType === 'admin';
}

/** Logos and profile images are seen by the owner, admins, the owner's institute and its members. */
export function canSeeUserImages(actor: Actor, target: OwnerRef): boolean {
  if (canEditUser(actor, target)) return true;
  if (target.instituteId && actor.userId === target.instituteId) return true;
  return Boolean(
    actor.instituteId && (actor.instituteId === target.id || actor.instituteId === target.instituteId),
  );
}

/**
 * Who reads what developers read (the mail outbox, request and error logs, the live tail): admins, and developers
 * an admin has granted. Anyone may sign up as a developer, so the role alone opens nothing (decision 015).
 */
export function canReadLogs(actor: Pick<Actor, 'userType' | 'developerAccessGranted'>): boolean {
  return actor.userType === 'admin' || actor.developerAccessGranted;
}
