import { describe, expect, it } from 'vitest';
import { calendarDay, dayOrInstant, isCalendarDay, isoInstant } from './dates';

describe('dates in filters and forms', () => {
  it('takes days on the calendar in the years PostgreSQL and the day after can hold', () => {
    for (const day of ['2024-02-29', '1900-01-01', '2999-12-31', '2026-11-28'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2026-02-31',
      '2025-02-29',
      '2026-13-01',
      '0000-01-01',
      '0001-01-01',
      '9999-12-31',
      '26-01-01',
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it('refuses instants and days off the calendar or out of range with the caller’s words', () => {
    expect(calendarDay('Pick a day').safeParse('0000-01-01').error?.issues[0].message).toBe('Pick a day');
    expect(isoInstant('From').safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(isoInstant('From').safeParse('2026-11-28T10:00:00+05:30').success).toBe(true);
    expect(dayOrInstant.safeParse('9999-12-31').success).toBe(false);
    expect(dayOrInstant.safeParse('2026-02-30T10:00:00Z').success).toBe(false);
    expect(dayOrInstant.safeParse('2026-11-28').success).toBe(true);
  });
});
