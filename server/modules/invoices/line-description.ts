import type { Locale } from '../../../common/i18n/locales';
import { translate } from '../../http/locale';
import type { ServerKey } from '../../i18n/catalog';
import { invoiceDay } from './tax';

/**
 * What a plan line is made of, stored beside its English description so the line can be printed in the reader's
 * language: the plan's name as the admin wrote it, its audience and billing period as codes.
 */
export interface PlanLineParts {
  name: string;
  /** 'teacher' | 'institute' (plans.audience). */
  audience: string;
  /** 'monthly' | 'yearly', or null for an order without one. */
  billingPeriod: string | null;
}

/** An invoice line as stored (invoices.lines): `plan` only on plan lines issued since 2026-11-29. */
export interface InvoiceLine {
  description: string;
  amount: number;
  plan?: PlanLineParts;
}

// Maps, so a stored code such as "constructor" is an unknown code printed as stored, not Object's own.
const AUDIENCES = new Map<string, ServerKey>([
  ['teacher', 'server.invoices.line.audience.teacher'],
  ['institute', 'server.invoices.line.audience.institute'],
]);
const PERIODS = new Map<string, ServerKey>([
  ['monthly', 'server.invoices.line.period.monthly'],
  ['yearly', 'server.invoices.line.period.yearly'],
]);

/**
 * A plan line in `locale`: "Starter (teacher) — monthly, 1 Nov 2026 – 1 Dec 2026" in English, the same parts in
 * Hindi. A code no catalog names (a future audience) is printed as stored.
 */
export function describePlanLine(
  parts: PlanLineParts,
  period: { start: Date; end: Date } | null,
  locale: Locale,
): string {
  const audienceKey = AUDIENCES.get(parts.audience);
  const audience = audienceKey ? translate(locale, audienceKey) : parts.audience;
  let line = translate(locale, 'server.invoices.line.plan', { plan: parts.name, audience });
  if (parts.billingPeriod) {
    const billingKey = PERIODS.get(parts.billingPeriod);
    const billing = billingKey ? translate(locale, billingKey) : parts.billingPeriod;
    line = translate(locale, 'server.invoices.line.billed', { line, billing });
  }
  if (period)
    line = translate(locale, 'server.invoices.line.dates', {
      line,
      start: invoiceDay(period.start, locale),
      end: invoiceDay(period.end, locale),
    });
  return line;
}

/**
 * A stored line in `locale`: a plan line from its parts and the invoice's period; a course line is its title as
 * the teacher wrote it; an older plan line, issued before the parts were stored, as it was printed then.
 */
export function lineDescription(
  line: InvoiceLine,
  invoice: { periodStart: Date | null; periodEnd: Date | null },
  locale: Locale,
): string {
  if (!line.plan) return line.description;
  const period =
    invoice.periodStart && invoice.periodEnd ? { start: invoice.periodStart, end: invoice.periodEnd } : null;
  return describePlanLine(line.plan, period, locale);
}
