import { describe, expect, it } from 'vitest';
import { asciiDigits, DAY_FORMAT_MESSAGE, dayToText, NO_SUCH_DAY_MESSAGE, parseDayText } from './day-text';

describe('day text (DD/MM/YYYY)', () => {
  it('shows a YYYY-MM-DD day first, never month first', () => {
    expect(dayToText('2026-01-26')).toBe('26/01/2026');
    expect(dayToText('2026-11-05')).toBe('05/11/2026');
    expect(dayToText('')).toBe('');
    expect(dayToText(null)).toBe('');
    expect(dayToText('not a day')).toBe('');
  });

  it('reads a typed day in the ways people write it', () => {
    expect(parseDayText('26/01/2026')).toEqual({ kind: 'day', iso: '2026-01-26' });
    expect(parseDayText('5/11/2026')).toEqual({ kind: 'day', iso: '2026-11-05' });
    expect(parseDayText(' 05-11-2026 ')).toEqual({ kind: 'day', iso: '2026-11-05' });
    expect(parseDayText('05.11.2026')).toEqual({ kind: 'day', iso: '2026-11-05' });
    expect(parseDayText('2026-11-05')).toEqual({ kind: 'day', iso: '2026-11-05' });
    // Devanagari and Tamil digits, and full-width ones.
    expect(parseDayText('२६/०१/२०२६')).toEqual({ kind: 'day', iso: '2026-01-26' });
    expect(asciiDigits('௨௬')).toBe('26');
    expect(parseDayText('２６/０１/２０２６')).toEqual({ kind: 'day', iso: '2026-01-26' });
    expect(parseDayText('')).toEqual({ kind: 'empty' });
    expect(parseDayText('   ')).toEqual({ kind: 'empty' });
  });

  it('says why what was typed is not a day', () => {
    expect(parseDayText('31/02/2026')).toEqual({ kind: 'invalid', message: NO_SUCH_DAY_MESSAGE });
    expect(parseDayText('13/13/2026')).toEqual({ kind: 'invalid', message: NO_SUCH_DAY_MESSAGE });
    expect(parseDayText('01/26/26')).toEqual({ kind: 'invalid', message: DAY_FORMAT_MESSAGE });
    expect(parseDayText('yesterday')).toEqual({ kind: 'invalid', message: DAY_FORMAT_MESSAGE });
  });
});
