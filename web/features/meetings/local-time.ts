/**
 * Times as people read and type them here: in the browser's own time zone. The API speaks ISO instants with an
 * offset; a datetime-local input speaks "2026-05-20T14:30" (local, no zone).
 */

import type { Locale } from '../../../common/i18n/locales';
import { formatDateTimeRange } from '../../../common/time';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a datetime-local input's value, in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as the ISO instant the API takes; what cannot be read is passed on for the API to name. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The next whole hour `hoursAhead` from now, local time. */
export function nextHour(hoursAhead: number): Date {
  const date = new Date(Date.now() + hoursAhead * 60 * 60 * 1000);
  date.setMinutes(0, 0, 0);
  return date;
}

/** Tomorrow at `hour` o'clock, local time: a sensible first suggestion whatever the hour now (not 2 AM). */
export function tomorrowAt(hour: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(hour, 0, 0, 0);
  return date;
}

export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Wed, 20 May, 2026, 14:30 – 16:00" in the browser's zone, or two full moments when the range spans days
 * (common/time.ts formatDateTimeRange; the mail names the same range in UTC). Hindi: hi-IN forms (decision 068).
 */
export const formatRange = (start: string, end: string | null, locale: Locale = 'en') =>
  formatDateTimeRange(start, end, { weekday: true, locale });
