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
    expect(formatStorage(1536, 'en')).toBe('1.5 GB');
  });

  it('keeps MB and GB in Hindi and writes the number the Indian way', () => {
    expect(formatStorage(350.4, 'hi')).toBe('350.4 MB');
    expect(formatStorage(1536, 'hi')).toBe('1.5 GB');
    expect(formatStorage(0, 'hi')).toBe('0 MB');
    expect(formatStorage(1024 * 150000, 'hi')).toBe('1,50,000 GB');
    expect(formatLimit('storageMb', 20480, 'hi')).toBe('20 GB');
    expect(formatLimit('guruSessionsPerMonth', 300000, 'hi')).toBe('3,00,000');
    expect(formatLimit('guruSessionsPerMonth', 300000)).toBe('300,000');
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
