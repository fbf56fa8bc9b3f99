import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { withAdvisoryLock } from './db/advisory-lock';
import { users } from './db/schema/index';
import { openDatabase } from './db/setup';
import { preflight } from './lifecycle/preflight';
import { closeApp, closeRealtimeOnClose, installProcessHandlers } from './lifecycle/process-handlers';
import { trackRequestContext } from './lifecycle/request-context';
import {
  logPreviousExit,
  type ServerExit,
  tellSupervisorListening,
  whenToStart,
} from './lifecycle/restart-policy';
import { explainStartupError, formatStartupError } from './lifecycle/startup-error';
import { lifecycleTestRoutes, lifecycleTestRoutesEnabled } from './lifecycle/test-routes';
import { ensureCurrencyRates } from './modules/common/currency-rates';
import { expandWord } from './modules/gurus/lexicon/expand';
import { serveMetricsOn } from './modules/health/metrics';
import { ensureDefaultPlans } from './modules/plans/trials';
import { checkPaymentSettings, testPaymentsWarning } from './providers/payments/start-check';
import { seedDemo } from './seed/demo';
import { seedDemoContent } from './seed/demo-content';
import {
  clearDemoContentPending,
  demoContentPending,
  discardUnfinishedDemo,
  markDemoContentPending,
} from './seed/demo-resume';

/** Requests in flight get this long to finish when the server is asked to stop. */
const REQUEST_GRACE_MS = 10_000;

// Until the app (and its logger) exists, faults are logged by a plain pino logger at the same level.
const lifecycle = installProcessHandlers(pino({ level: process.env.LOG_LEVEL || 'info' }));

async function main(previousExit: ServerExit | null) {
  const config = loadConfig();
  // No free checkout by accident in production (decision 055): refused before anything starts.
  checkPaymentSettings(config);
  await preflight(config);
  const database = await openDatabase(
    config,
    (line) => {
      if (config.logLevel === 'debug') console.log(`[postgres] ${line}`);
    },
    (line) => console.warn(`[gurukul] ${line}`),
  );
  lifecycle.onShutdown('database', () => database.close());
  // Instances starting together on an empty database would each see no plans and insert them: one at a time.
  await withAdvisoryLock(database.db, 'first-start-defaults', async () => {
    await ensureDefaultPlans(database.db);
    await ensureCurrencyRates(database.db);
  });
  const [{ n: userCount }] = await database.db.select({ n: count() }).from(users);
  const seedingDemo = config.seedDemo && userCount === 0;
  if (seedingDemo) {
    await seedDemo(database.db);
    console.log('Seeded the demo accounts (password Gurukul2026).');
  }

  if (config.isProduction && !config.smtpUrl) {
    console.warn(
      'Warning: SMTP_URL is not set; e-mails (with reset links) go to the outbox that developers can read.',
    );
  }
  const testPayments = testPaymentsWarning(config);
  if (testPayments) console.warn(testPayments);
  await webBuildFinished();
  const app = await buildApp({ config, database });
  lifecycle.logThrough(app.log);
  // Restarted by `npm start`'s supervisor: how the previous server died goes to the console and the stored logs.
  logPreviousExit(app.log, previousExit);
  lifecycle.onShutdown('http', () => closeApp(app, REQUEST_GRACE_MS));
  trackRequestContext(app);
  closeRealtimeOnClose(app);
  if (lifecycleTestRoutesEnabled()) await app.register(lifecycleTestRoutes);
  // The demo course renders minutes of narrated video on a machine whose render cache is empty (decision 060):
  // `npm start` serves at once and makes it meanwhile (the demo teacher sees its lessons generating), so the
  // first start stays within 3 minutes. The journeys' server (NODE_ENV=test) makes it before listening, so
  // no test meets it half made.
  const demoBeforeListening = process.env.NODE_ENV === 'test';
  // A start that finds the marker of a demo still being made (the server was stopped meanwhile) makes it again.
  const resumingDemo = config.seedDemo && !seedingDemo && demoContentPending(config.dataDir);
  const makingDemo = seedingDemo || resumingDemo;
  if (makingDemo) markDemoContentPending(config.dataDir);
  const makeDemo = async () => {
    try {
      if (resumingDemo) {
        const discarded = await discardUnfinishedDemo(app);
        console.log(
          `The demo course was not finished when the server last stopped: making it again (discarded what it had made: courses ${discarded.courses}, libraries ${discarded.libraries}).`,
        );
      }
      await seedDemoContent(app, console.log);
      clearDemoContentPending(config.dataDir);
    } catch (error: unknown) {
      // A failure is not an interruption: the next start must not discard and try again (and again).
      clearDemoContentPending(config.dataDir);
      console.error('The demo course could not be made:', error);
    }
  };
  if (makingDemo && demoBeforeListening) {
    console.log('Making the demo course (videos, FAQ, study material)…');
    await makeDemo();
  }
  await app.listen({ port: config.port, host: config.host });
  if (makingDemo && !demoBeforeListening) {
    console.log(
      'Making the demo course (videos, FAQ, study material) in the background; it appears in the catalog when its lessons are rendered.',
    );
    void makeDemo();
  }
  tellSupervisorListening();
  if (config.metricsPort) {
    const metrics = await serveMetricsOn(config.metricsPort, config.host);
    lifecycle.onShutdown('metrics', () => metrics.close());
  }
  // The guru's dictionary (WordNet's index and word forms, about 30 MB) loads now, not on the first question.
  void expandWord('water');
  console.log(`Gurukul is running at ${config.publicUrl} (data in ${config.dataDir})`);
}

/**
 * `npm start` builds the web app while PostgreSQL starts and migrates (scripts/bootstrap.mjs, decision 060):
 * the web app is served from its build, so the app is built once the build's marker file is gone.
 */
async function webBuildFinished(): Promise<void> {
  const pending = process.env.GURUKUL_WEB_BUILD_PENDING;
  if (!pending) return;
  while (existsSync(pending)) await sleep(200);
}

// Under `npm start`'s supervisor this may be a standby, loaded in advance and started when a server dies.
whenToStart()
  .then(main)
  .catch(async (error: unknown) => {
    console.error(formatStartupError(explainStartupError(error)));
    // PostgreSQL may already be running: stop it rather than leave it behind.
    await lifecycle.shutdown();
    process.exit(1);
  });
