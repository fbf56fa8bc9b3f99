import type { PeriodicTask } from '../../jobs/periodic';
import { refreshIfStale } from './currency-service';
import { LIFECYCLE_INTERVAL_MS, runBillingLifecycle } from './lifecycle-job';

const RATES_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** Trials and subscriptions that end, renew or need a reminder: at start and every 15 minutes. */
export const billingLifecycleTask: PeriodicTask = {
  name: 'billing lifecycle',
  everyMs: LIFECYCLE_INTERVAL_MS,
  atStart: 'background',
  run: runBillingLifecycle,
};

/** Exchange rates from CURRENCY_RATES_URL: at start when older than 12 hours, then every 12 hours. */
export const exchangeRatesTask: PeriodicTask = {
  name: 'exchange-rate refresh',
  everyMs: RATES_INTERVAL_MS,
  atStart: 'background',
  enabledFor: (app) => Boolean(app.config.currencyRatesUrl),
  first: (app) => refreshIfStale(app, RATES_INTERVAL_MS),
  run: (app) => refreshIfStale(app, 0),
};
