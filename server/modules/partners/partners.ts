import { and, eq, isNull } from 'drizzle-orm';
import { REFERRAL_MSG } from '../../../common/contracts/partners';
import { formatMonth } from '../../../common/time';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../http/errors';

/** The partner account an admin names in a path: a partner that exists and is not erased, else 404. */
export async function requirePartner(db: Db, partnerId: string) {
  const [partner] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, partnerId), eq(users.userType, 'partner'), isNull(users.deletedAt)))
    .limit(1);
  if (!partner) throw notFound(REFERRAL_MSG.partnerNotFound);
  return partner;
}

/**
 * How a referred person is named. Partners see a first name and an initial ("Rohan M."), admins the full
 * name; an erased account is "Deleted user" to both.
 */
export type NameStyle = 'partner' | 'admin';
export function referredName(fullName: string, deleted: boolean, style: NameStyle): string {
  if (deleted) return 'Deleted user';
  if (style === 'admin') return fullName;
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : (first ?? '');
}

/** "2026-11" of a date, in UTC. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of a "YYYY-MM" month and of the month after it, in UTC. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, m] = month.split('-').map(Number);
  return { start: new Date(Date.UTC(year, m - 1, 1)), end: new Date(Date.UTC(year, m, 1)) };
}

/** "Nov 2026", as the web names months (common/time.ts formatMonth). */
export function monthName(month: string): string {
  return formatMonth(month);
}
