import { describe, expect, it } from 'vitest';
import { formatClock, formatDateLong, formatDateMDY, formatSpan, timestampParts } from './time';

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

describe('formatDateLong', () => {
  it('formats as DD MMM, YYYY in UTC', () => {
    expect(formatDateLong('2026-01-05')).toBe('05 Jan, 2026');
    expect(formatDateLong(new Date(Date.UTC(2025, 11, 25, 23, 30)))).toBe('25 Dec, 2025');
    expect(formatDateLong('2026-05-01T00:30:00+01:00')).toBe('30 Apr, 2026');
  });

  it('covers every month abbreviation', () => {
    const months = Array.from({ length: 12 }, (_, m) =>
      formatDateLong(new Date(Date.UTC(2025, m, 1))).slice(3, 6),
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

  it('returns an empty string for invalid dates', () => {
    expect(formatDateLong('')).toBe('');
  });
});
