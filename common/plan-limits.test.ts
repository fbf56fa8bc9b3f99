import { describe, expect, it } from 'vitest';
import { formatLimit, formatStorage, LIMIT_NAMES, usableLimitKeys } from './plan-limits';
import { moduleLevels } from './plans';

describe('formatLimit', () => {
  it('writes storage in the unit the pricing page uses, and counts with separators', () => {
    expect(formatLimit('storageMb', 20480)).toBe('20 GB');
    expect(formatLimit('storageMb', 5120)).toBe('5 GB');
    expect(formatLimit('storageMb', 1536)).toBe('1.5 GB');
    expect(formatLimit('storageMb', 350.4)).toBe('350.4 MB');
    expect(formatLimit('storageMb', 0)).toBe('0 MB');
    expect(formatLimit('storageMb', null)).toBe('Unlimited');
    expect(formatLimit('guruSessionsPerMonth', 3000)).toBe('3,000');
    expect(formatStorage(102400)).toBe('100 GB');
  });

  it('names limits without units in their labels', () => {
    expect(Object.values(LIMIT_NAMES).some((name) => /\(MB\)/u.test(name))).toBe(false);
  });
});

describe('usableLimitKeys', () => {
  it('leaves out D-ID credits without Integrations and seats on teacher plans', () => {
    const trial = usableLimitKeys({ audience: 'teacher', modules: moduleLevels({ integrations: 'NONE' }) });
    expect(trial).toEqual(['gurus', 'guruSessionsPerMonth', 'slidesPerLibrary', 'storageMb', 'courses']);
    const institute = usableLimitKeys({
      audience: 'institute',
      modules: moduleLevels({ integrations: 'PARTIAL' }),
    });
    expect(institute).toContain('didCredits');
    expect(institute).toContain('teacherSeats');
    expect(usableLimitKeys({ audience: 'teacher', modules: moduleLevels({ gurus: 'NONE' }) })).not.toContain(
      'guruSessionsPerMonth',
    );
  });
});
