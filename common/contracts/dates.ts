import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Dates in filters and forms. zod's ISO checks read the calendar (no 2026-02-31); the years are bounded too, since
 * PostgreSQL refuses year 0 and a day near 9999 overflows when the day after it is taken (`to` is inclusive).
 */
export const YEAR_RANGE = { min: 1900, max: 2999 } as const;

const inYearRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;
};

/** A calendar day, YYYY-MM-DD. */
export const calendarDay = (error: string) => z.iso.date({ error }).refine(inYearRange, { error });

/** An exact ISO instant with its offset. */
export const isoInstant = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine(inYearRange, { error });

/** A day (YYYY-MM-DD, whole day in UTC) or an exact ISO instant with an offset (the browser's local day). */
export const dayOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: MSG.validDate })
  .refine(inYearRange, { error: MSG.validDate });

/** Whether a YYYY-MM-DD day is on the calendar and in the years above. */
export const isCalendarDay = (day: string) => calendarDay('').safeParse(day).success;
