import { describe, expect, it } from 'vitest';
import { formatClock, formatDateLong, formatDateMDY, formatDuration } from './time';

describe('formatDuration', () => {
  it('splits and pads the parts, hours null under an hour', () => {
    expect(formatDuration(0)).toEqual({ hours: null, minutes: '00', seconds: '00', milliseconds: '000' });
    expect(formatDuration(61_250)).toEqual({
      hours: null,
      minutes: '01',
      seconds: '01',
      milliseconds: '250',
    });
    expect(formatDuration(3_723_400)).toEqual({
      hours: '01',
      minutes: '02',
      seconds: '03',
      milliseconds: '400',
    });
  });

  it('rounds milliseconds to the nearest 50 by default', () => {
    expect(formatDuration(1_024).milliseconds).toBe('000');
    expect(formatDuration(1_025).milliseconds).toBe('050');
    expect(formatDuration(1_074).milliseconds).toBe('050');
    expect(formatDuration(1_076).milliseconds).toBe('100');
  });

  it('carries rounding into seconds, minutes and hours', () => {
    expect(formatDuration(59_990)).toEqual({
      hours: null,
      minutes: '01',
      seconds: '00',
      milliseconds: '000',
    });
    expect(formatDuration(3_599_980)).toEqual({
      hours: '01',
      minutes: '00',
      seconds: '00',
      milliseconds: '000',
    });
  });

  it('honours a custom roundTo, and 0 means whole milliseconds', () => {
    expect(formatDuration(1_234, { roundTo: 100 }).milliseconds).toBe('200');
    expect(formatDuration(1_234, { roundTo: 1 }).milliseconds).toBe('234');
    expect(formatDuration(1_234.6, { roundTo: 0 }).milliseconds).toBe('235');
    expect(formatDuration(999.6, { roundTo: 0.5 })).toMatchObject({ seconds: '01', milliseconds: '000' });
  });

  it('does not truncate hours beyond 99', () => {
    expect(formatDuration(100 * 3_600_000).hours).toBe('100');
    expect(formatDuration(10 * 3_600_000).hours).toBe('10');
  });

  it('treats negative and non-finite durations as zero', () => {
    const zero = { hours: null, minutes: '00', seconds: '00', milliseconds: '000' };
    expect(formatDuration(-5_000)).toEqual(zero);
    expect(formatDuration(Number.NaN)).toEqual(zero);
    expect(formatDuration(Number.POSITIVE_INFINITY)).toEqual(zero);
  });
});

describe('formatClock', () => {
  it('uses MM:SS under an hour and HH:MM:SS from an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(3_600_000)).toBe('01:00:00');
    expect(formatClock(36_061_000)).toBe('10:01:01');
  });

  it('drops milliseconds after the default rounding', () => {
    expect(formatClock(59_400)).toBe('00:59');
    expect(formatClock(59_980)).toBe('01:00');
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
