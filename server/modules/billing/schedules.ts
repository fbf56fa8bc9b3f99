import type { FastifyPluginAsync } from 'fastify';
import { refreshIfStale } from './currency-service';
import { LIFECYCLE_INTERVAL_MS, runBillingLifecycle } from './lifecycle-job';

const RATES_INTERVAL_MS = 12 * 60 * 60 * 1000;

/**
 * Runs the billing lifecycle at start and every 15 minutes, and refreshes exchange rates every 12 hours
 * when CURRENCY_RATES_URL is set. A plain unref'd interval rather than a pg-boss schedule: the embedded
 * and test setups run jobs inline with no scheduler, both tasks are idempotent (safe when several servers
 * run them), and a missed tick is simply caught up by the next one.
 */
export const billingSchedules: FastifyPluginAsync = async (app) => {
  const running = new Set<Promise<void>>();
  const track = (task: () => Promise<void>, what: string) => {
    const run = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(run));
    running.add(run);
  };
  const tick = () => track(() => runBillingLifecycle(app), 'billing lifecycle');
  const ratesTick = () => track(() => refreshIfStale(app, 0), 'exchange-rate refresh');
  let timers: NodeJS.Timeout[] = [];

  app.addHook('onReady', async () => {
    tick();
    if (app.config.currencyRatesUrl)
      track(() => refreshIfStale(app, RATES_INTERVAL_MS), 'exchange-rate refresh');
    timers = [setInterval(tick, LIFECYCLE_INTERVAL_MS).unref()];
    if (app.config.currencyRatesUrl) timers.push(setInterval(ratesTick, RATES_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // Let a run in progress finish before the database closes.
    await Promise.all(running);
  });
};
