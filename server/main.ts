import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { users } from './db/schema/index';
import { openDatabase } from './db/setup';
import { pgBossJobs } from './jobs/queue';
import { ensureCurrencyRates } from './modules/common/currency-rates';
import { ensureDefaultPlans } from './modules/plans/trials';
import { seedDemo } from './seed/demo';
import { seedDemoContent } from './seed/demo-content';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, (line) => {
    if (process.env.LOG_LEVEL === 'debug') console.log(`[postgres] ${line}`);
  });
  await ensureDefaultPlans(database.db);
  await ensureCurrencyRates(database.db);
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
  const app = await buildApp({ config, database, jobs: pgBossJobs() });
  if (seedingDemo) {
    // Before listening, so nobody sees the demo half made (the first start takes a few seconds longer).
    console.log('Making the demo course (videos, FAQ, study material)…');
    await seedDemoContent(app, console.log).catch((error: unknown) =>
      console.error('The demo course could not be made:', error),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Gurukul is running at ${config.publicUrl} (data in ${config.dataDir})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
