import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Who may act as whom ("Log in as"), in one place for both its uses: starting a session as someone
 * (`mayActAs`, on rows in memory) and every request of such a session (`actingRightHolds`, inside the one query
 * that finds the session and its user, so losing the right ends the session at its next request: decision 052).
 * Admins may act as any non-admin; an institute as its own teachers and students; nobody as themselves.
 */
export interface ActingPerson {
  id: string;
  userType: string;
  isActive: boolean;
}

export interface ActedOn {
  id: string;
  userType: string;
  instituteId: string | null;
  isActive: boolean;
}

export function mayActAs(person: ActingPerson, target: ActedOn): boolean {
  if (!person.isActive || !target.isActive || target.id === person.id) return false;
  if (person.userType === 'admin') return target.userType !== 'admin';
  if (person.userType === 'institute') {
    return (
      (target.userType === 'teacher' || target.userType === 'student') && target.instituteId === person.id
    );
  }
  return false;
}

/** The columns of a `users` table (or an alias of it) the rule reads. */
export interface PersonColumns {
  id: AnyPgColumn;
  userType: AnyPgColumn;
  instituteId: AnyPgColumn;
  isActive: AnyPgColumn;
  deletedAt: AnyPgColumn;
}

/** `mayActAs` in SQL, for the impersonator's and the target's rows as they are now. */
export function actingRightHolds(person: PersonColumns, target: PersonColumns): SQL {
  return and(
    eq(person.isActive, true),
    isNull(person.deletedAt),
    eq(target.isActive, true),
    ne(person.id, target.id),
    or(
      and(eq(person.userType, 'admin'), ne(target.userType, 'admin')),
      and(
        eq(person.userType, 'institute'),
        inArray(target.userType, ['teacher', 'student']),
        eq(target.instituteId, person.id),
      ),
    ),
  ) as SQL;
}
