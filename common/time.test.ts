import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateMDY,
  formatDateTime,
  formatDateTimeRange,
  formatMonth,
  formatSpan,
  formatTime,
  timestampParts,
} from './time';

describe('timestampParts', () => {
  it('splits and pads the parts, hours null under an hour', () => {
    expect(timestampParts(0)).toEqual({ hours: null, minutes: '00', seconds: '00', milliseconds: '000' });
    expect(timestampParts(61_250)).toEqual({
      hours: null,
      minutes: '01',
      seconds: '01',
      milliseconds: '250',
    });
    expect(timestampParts(3_723_400)).toEqual({
      hours: '01',
      minutes: '02',
      seconds: '03',
      milliseconds: '400',
    });
  });

  it('rounds milliseconds to the nearest 50 by default', () => {
    expect(timestampParts(1_024).milliseconds).toBe('000');
    expect(timestampParts(1_025).milliseconds).toBe('050');
    expect(timestampParts(1_074).milliseconds).toBe('050');
    expect(timestampParts(1_076).milliseconds).toBe('100');
  });

  it('carries rounding into seconds, minutes and hours', () => {
    expect(timestampParts(59_990)).toEqual({
      hours: null,
      minutes: '01',
      seconds: '00',
      milliseconds: '000',
    });
    expect(timestampParts(3_599_980)).toEqual({
      hours: '01',
      minutes: '00',
      seconds: '00',
      milliseconds: '000',
    });
  });

  it('honours a custom roundTo, and 0 means whole milliseconds', () => {
    expect(timestampParts(1_234, { roundTo: 100 }).milliseconds).toBe('200');
    expect(timestampParts(1_234, { roundTo: 1 }).milliseconds).toBe('234');
    expect(timestampParts(1_234.6, { roundTo: 0 }).milliseconds).toBe('235');
    expect(timestampParts(999.6, { roundTo: 0.5 })).toMatchObject({ seconds: '01', milliseconds: '000' });
  });

  it('does not truncate hours beyond 99', () => {
    expect(timestampParts(100 * 3_600_000).hours).toBe('100');
    expect(timestampParts(10 * 3_600_000).hours).toBe('10');
  });

  it('treats negative and non-finite durations as zero', () => {
    const zero = { hours: null, minutes: '00', seconds: '00', milliseconds: '000' };
    expect(timestampParts(-5_000)).toEqual(zero);
    expect(timestampParts(Number.NaN)).toEqual(zero);
    expect(timestampParts(Number.POSITIVE_INFINITY)).toEqual(zero);
  });
});

describe('formatClock', () => {
  it('shows seconds as m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(4)).toBe('0:04');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(36_061)).toBe('10:01:01');
  });

  it('cuts fractions (a countdown never shows a second early) and treats bad input as zero', () => {
    expect(formatClock(125.9)).toBe('2:05');
    expect(formatClock(-3)).toBe('0:00');
    expect(formatClock(null)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('formatSpan', () => {
  it('says a span to the second', () => {
    expect(formatSpan(12)).toBe('12 s');
    expect(formatSpan(75)).toBe('1 min 15 s');
    expect(formatSpan(120)).toBe('2 min');
    expect(formatSpan(3725)).toBe('1 h 2 min 5 s');
    expect(formatSpan(0)).toBe('0 s');
  });

  it('says a long span to the nearest minute', () => {
    expect(formatSpan(0, 'minute')).toBe('0 min');
    expect(formatSpan(29, 'minute')).toBe('0 min');
    expect(formatSpan(12 * 60 + 20, 'minute')).toBe('12 min');
    expect(formatSpan(125 * 60, 'minute')).toBe('2 h 5 min');
    expect(formatSpan(120 * 60, 'minute')).toBe('2 h');
  });

  it('keeps English as it was when asked for English', () => {
    expect(formatSpan(3725, 'second', 'en')).toBe('1 h 2 min 5 s');
    expect(formatSpan(125 * 60, 'minute', 'en')).toBe('2 h 5 min');
  });

  it('says a span in Hindi with the full unit words', () => {
    expect(formatSpan(12, 'second', 'hi')).toBe('12 सेकंड');
    expect(formatSpan(75, 'second', 'hi')).toBe('1 मिनट 15 सेकंड');
    expect(formatSpan(3725, 'second', 'hi')).toBe('1 घंटा 2 मिनट 5 सेकंड');
    expect(formatSpan(0, 'second', 'hi')).toBe('0 सेकंड');
    expect(formatSpan(0, 'minute', 'hi')).toBe('0 मिनट');
    expect(formatSpan(125 * 60, 'minute', 'hi')).toBe('2 घंटे 5 मिनट');
    expect(formatSpan(120 * 60, 'minute', 'hi')).toBe('2 घंटे');
  });
});

describe('formatDateMDY', () => {
  it('formats Date and string input in UTC', () => {
    expect(formatDateMDY(new Date(Date.UTC(2026, 0, 5)))).toBe('01-05-2026');
    expect(formatDateMDY('2025-12-31T23:59:59Z')).toBe('12-31-2025');
    expect(formatDateMDY('2026-03-01T02:00:00+05:30')).toBe('02-28-2026');
    expect(formatDateMDY('2024-02-29')).toBe('02-29-2024');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDateMDY('not a date')).toBe('');
    expect(formatDateMDY(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDate', () => {
  it('formats as DD MMM, YYYY on the day the moment falls in the given zone', () => {
    const evening = '2026-01-05T20:30:00Z';
    expect(formatDate(evening, { timeZone: 'UTC' })).toBe('05 Jan, 2026');
    expect(formatDate(evening, { timeZone: 'Asia/Kolkata' })).toBe('06 Jan, 2026');
    expect(formatDate(evening, { timeZone: 'America/Los_Angeles' })).toBe('05 Jan, 2026');
    expect(formatDate('2026-01-06T03:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('05 Jan, 2026');
    expect(formatDate(Date.UTC(2025, 11, 25, 23, 30), { timeZone: 'UTC' })).toBe('25 Dec, 2025');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 12)), { timeZone: 'UTC' })).toBe('29 Feb, 2024');
  });

  it('takes a bare YYYY-MM-DD as that calendar day in any zone', () => {
    expect(formatDate('2026-01-05', { timeZone: 'America/Los_Angeles' })).toBe('05 Jan, 2026');
    expect(formatDate('2026-01-05', { timeZone: 'Pacific/Kiritimati' })).toBe('05 Jan, 2026');
  });

  it('uses the runtime zone when none is given', () => {
    const noon = new Date(2026, 6, 4, 12, 0);
    expect(formatDate(noon)).toBe('04 Jul, 2026');
  });

  it('covers every month abbreviation', () => {
    const months = Array.from({ length: 12 }, (_, m) =>
      formatDate(new Date(Date.UTC(2025, m, 1)), { timeZone: 'UTC' }).slice(3, 6),
    );
    expect(months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('shows a dash for missing or unreadable input', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(new Date(Number.NaN))).toBe('—');
    expect(formatDate(Number.NaN)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('formats as DD MMM, YYYY, HH:mm on a 24-hour clock in the given zone', () => {
    expect(formatDateTime('2026-11-26T14:05:09Z', { timeZone: 'UTC' })).toBe('26 Nov, 2026, 14:05');
    expect(formatDateTime('2026-11-26T14:05:09Z', { timeZone: 'Asia/Kolkata' })).toBe('26 Nov, 2026, 19:35');
    expect(formatDateTime('2026-11-26T20:00:00Z', { timeZone: 'Asia/Tokyo' })).toBe('27 Nov, 2026, 05:00');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 7), { timeZone: 'UTC' })).toBe('01 Jan, 2026, 00:07');
  });

  it('follows daylight saving time in the zone', () => {
    expect(formatDateTime('2026-01-15T12:00:00Z', { timeZone: 'Europe/London' })).toBe('15 Jan, 2026, 12:00');
    expect(formatDateTime('2026-07-15T12:00:00Z', { timeZone: 'Europe/London' })).toBe('15 Jul, 2026, 13:00');
  });

  it('adds the weekday or the seconds when asked', () => {
    const at = '2026-05-20T09:30:04Z';
    expect(formatDateTime(at, { timeZone: 'UTC', weekday: true })).toBe('Wed, 20 May, 2026, 09:30');
    expect(formatDateTime(at, { timeZone: 'UTC', seconds: true })).toBe('20 May, 2026, 09:30:04');
  });

  it('uses the runtime zone when none is given', () => {
    expect(formatDateTime(new Date(2026, 2, 9, 8, 15))).toBe('09 Mar, 2026, 08:15');
  });

  it('shows a dash for missing or unreadable input', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('2026-13-45T00:00:00Z')).toBe('—');
  });
});

describe('formatTime', () => {
  it('gives the time of day alone in the given zone', () => {
    expect(formatTime('2026-05-20T23:59:59Z', { timeZone: 'UTC' })).toBe('23:59');
    expect(formatTime('2026-05-20T23:59:59Z', { timeZone: 'UTC', seconds: true })).toBe('23:59:59');
    expect(formatTime('2026-05-20T23:59:59Z', { timeZone: 'Asia/Kolkata' })).toBe('05:29');
    expect(formatTime(undefined)).toBe('—');
  });
});

describe('formatDateTimeRange', () => {
  const utc = { timeZone: 'UTC', weekday: true };

  it('gives the end as a time alone when both fall on one day', () => {
    expect(formatDateTimeRange('2026-05-20T09:30:00Z', '2026-05-20T10:15:00Z', utc)).toBe(
      'Wed, 20 May, 2026, 09:30 – 10:15',
    );
  });

  it('gives both in full when the range crosses midnight in the zone', () => {
    const start = '2026-05-20T17:00:00Z';
    const end = '2026-05-20T19:00:00Z';
    expect(formatDateTimeRange(start, end, utc)).toBe('Wed, 20 May, 2026, 17:00 – 19:00');
    expect(formatDateTimeRange(start, end, { timeZone: 'Asia/Kolkata' })).toBe(
      '20 May, 2026, 22:30 – 21 May, 2026, 00:30',
    );
  });

  it('is the start alone without an end, and a dash without a start', () => {
    expect(formatDateTimeRange('2026-05-20T09:30:00Z', null, utc)).toBe('Wed, 20 May, 2026, 09:30');
    expect(formatDateTimeRange(null, '2026-05-20T09:30:00Z', utc)).toBe('—');
  });
});

describe('formatMonth', () => {
  it('names a YYYY-MM month as it is, in any zone', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-01', { timeZone: 'America/Los_Angeles' })).toBe('Jan 2026');
    expect(formatMonth('2025-12', { timeZone: 'Asia/Tokyo' })).toBe('Dec 2025');
  });

  it('gives the month a moment falls in within the zone', () => {
    expect(formatMonth('2026-01-31T20:00:00Z', { timeZone: 'UTC' })).toBe('Jan 2026');
    expect(formatMonth('2026-01-31T20:00:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Feb 2026');
  });

  it('shows a dash for missing or unreadable input', () => {
    expect(formatMonth(null)).toBe('—');
    expect(formatMonth('2026-00')).toBe('—');
  });
});
