import { describe, expect, it } from 'vitest';
import { describePlanLine, lineDescription } from './line-description';
import { invoiceDay } from './tax';

const parts = { name: 'Starter', audience: 'teacher', billingPeriod: 'yearly' };
const period = { start: new Date('2026-11-29T10:00:00Z'), end: new Date('2027-11-29T10:00:00Z') };

describe('an invoice line described in a language', () => {
  it('reads in English as plan lines always were, and in Hindi with the same parts', () => {
    const dates = (locale: 'en' | 'hi') =>
      `${invoiceDay(period.start, locale)} – ${invoiceDay(period.end, locale)}`;
    expect(describePlanLine(parts, period, 'en')).toBe(`Starter (teacher) — yearly, ${dates('en')}`);
    expect(describePlanLine(parts, period, 'hi')).toBe(`Starter (शिक्षक) — वार्षिक, ${dates('hi')}`);
    expect(dates('hi')).toMatch(/^29 नव॰ 2026 – 29 नव॰ 2027$/u);
  });

  it('leaves out what an order lacks and prints a code no catalog names as stored', () => {
    expect(describePlanLine({ ...parts, billingPeriod: null }, null, 'hi')).toBe('Starter (शिक्षक)');
    expect(describePlanLine({ ...parts, audience: 'school', billingPeriod: 'weekly' }, null, 'hi')).toBe(
      'Starter (school) — weekly',
    );
    expect(
      describePlanLine({ ...parts, audience: 'constructor', billingPeriod: 'toString' }, null, 'hi'),
    ).toBe('Starter (constructor) — toString');
  });

  it('prints a course line and a line stored before its parts as they were stored', () => {
    const invoice = { periodStart: period.start, periodEnd: period.end };
    expect(lineDescription({ description: 'सौर मंडल', amount: 499 }, invoice, 'en')).toBe('सौर मंडल');
    expect(lineDescription({ description: 'Starter (teacher) — yearly', amount: 1 }, invoice, 'hi')).toBe(
      'Starter (teacher) — yearly',
    );
    expect(lineDescription({ description: 'x', amount: 1, plan: parts }, invoice, 'hi')).toContain('वार्षिक');
  });
});
