import { desc } from 'drizzle-orm';
import type { AdminCurrencyRates } from '../../../common/contracts/billing';
import { currencyRates } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { type Said, said } from '../../i18n/said';

export type Rates = Record<string, number>;
export const MAX_CURRENCIES = 300;
const FETCH_TIMEOUT_MS = 10_000;
export const NO_SOURCE_MESSAGE = said('server.billing.noSource');

export type StoredRates = AdminCurrencyRates;

/**
 * Rates are relative to USD (server/db/schema/common.ts): currency code → units per US dollar. Returns the
 * first problem in words a person can act on, or the rates.
 */
export function checkRates(input: unknown): { rates: Rates } | { problem: Said } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { problem: said('server.billing.ratesNotObject') };
  const entries = Object.entries(input);
  if (entries.length > MAX_CURRENCIES)
    return { problem: said('server.billing.tooManyCurrencies', { max: MAX_CURRENCIES }) };
  for (const [code, rate] of entries) {
    if (!/^[A-Z]{3}$/.test(code))
      return { problem: said('server.billing.notCurrencyCode', { code: code.slice(0, 20) }) };
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
      return { problem: said('server.billing.rateNotPositive', { code }) };
  }
  const rates = Object.fromEntries(entries) as Rates;
  if (rates.USD !== 1) return { problem: said('server.billing.usdMustBeOne') };
  return { rates };
}

export async function latestRates(app: App): Promise<StoredRates | null> {
  const [row] = await app.db.select().from(currencyRates).orderBy(desc(currencyRates.updatedAt)).limit(1);
  return row
    ? { id: row.id, rates: row.rates, source: row.source, updatedAt: row.updatedAt.toISOString() }
    : null;
}

/** Stores a new row (history is kept; the latest row is the one served). */
async function saveRates(app: App, rates: Rates, source: string): Promise<StoredRates> {
  const [row] = await app.db.insert(currencyRates).values({ rates, source }).returning();
  return { id: row.id, rates: row.rates, source: row.source, updatedAt: row.updatedAt.toISOString() };
}

/** An admin's edit: checked first, so bad input never replaces the stored rates. */
export async function saveAdminRates(app: App, input: unknown): Promise<StoredRates> {
  const checked = checkRates(input);
  if ('problem' in checked) throw badRequest(checked.problem, { rates: checked.problem });
  return saveRates(app, checked.rates, 'admin');
}

/**
 * Reads CURRENCY_RATES_URL and stores its rates, tagged with the source's host. Accepts { rates } relative
 * to USD, or a `base_code`/`base` other than USD (open.er-api.com, exchangerate.host shapes), rebased to USD.
 * Any failure leaves the stored rates as they were and answers 503.
 */
export async function refreshRatesFromSource(app: App): Promise<StoredRates> {
  const url = app.config.currencyRatesUrl;
  if (!url) throw new AppError('CONFLICT', NO_SOURCE_MESSAGE);
  const host = new URL(url).host;
  const unavailable = (why: Said) => new AppError('UNAVAILABLE', why);
  // What the source sent wrong stays in English inside the message (a value, not a text of its own).
  const unusable = (problem: string) => unavailable(said('server.billing.sourceUnusable', { host, problem }));

  let body: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok)
      throw unavailable(said('server.billing.sourceAnswered', { host, status: String(response.status) }));
    body = await response.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable(said('server.billing.sourceUnreachable', { host }));
  }
  const rebased = ratesRelativeToUsd(body);
  if ('problem' in rebased) throw unusable(rebased.problem);
  const checked = checkRates(rebased.rates);
  if ('problem' in checked) throw unusable(checked.problem.english);
  return saveRates(app, checked.rates, host);
}

function ratesRelativeToUsd(body: unknown): { rates: Record<string, unknown> } | { problem: string } {
  if (typeof body !== 'object' || body === null) return { problem: 'no JSON object' };
  const { rates, base_code, base, result } = body as Record<string, unknown>;
  if (result === 'error') return { problem: 'it reported an error' };
  if (typeof rates !== 'object' || rates === null || Array.isArray(rates))
    return { problem: 'no "rates" object' };
  const baseCode = typeof base_code === 'string' ? base_code : typeof base === 'string' ? base : 'USD';
  const source = rates as Record<string, unknown>;
  if (baseCode === 'USD') return { rates: { ...source, USD: 1 } };
  const usd = source.USD;
  if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0)
    return { problem: `rates are based on ${baseCode} without a USD rate to convert them` };
  const rebased: Record<string, unknown> = {};
  for (const [code, rate] of Object.entries(source))
    rebased[code] = typeof rate === 'number' ? rate / usd : rate;
  // Exactly 1 (not 0.9999…), as the stored rates promise.
  rebased.USD = 1;
  return { rates: rebased };
}

/** Refreshes when the stored rates are older than `maxAgeMs` (or only the seed's); failures are logged. */
export async function refreshIfStale(app: App, maxAgeMs: number): Promise<void> {
  if (!app.config.currencyRatesUrl) return;
  const latest = await latestRates(app);
  const age = latest ? Date.now() - new Date(latest.updatedAt).getTime() : Number.POSITIVE_INFINITY;
  if (latest && latest.source !== 'seed' && age < maxAgeMs) return;
  try {
    await refreshRatesFromSource(app);
  } catch (error) {
    app.log.warn({ err: error }, 'exchange-rate refresh failed; the stored rates are kept');
  }
}
