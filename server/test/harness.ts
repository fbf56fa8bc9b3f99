import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { connectDatabase, type Database } from '../db/client';
import type { App } from '../http/app-type';
import { LOGIN_FAILURE_DEFAULTS, rateLimitBudgets } from '../http/rate-limits';
import { inlineJobs, type Jobs } from '../jobs/queue';
import { pdfProcessLimits } from '../media/pdf-process';
import type { Storage } from '../providers/storage/storage';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

async function cloneTemplate(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A log destination that prints nothing: for a test that raises LOG_LEVEL to see what the stored logs keep
 * (warn lines reach the log store at any destination) without filling the run's output.
 */
export const QUIET_LOG_STREAM = { write: () => true } as unknown as NodeJS.WritableStream;

/** A fresh database cloned from the migrated template and the real app on top of it. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  deps: { jobs?: Jobs; storage?: Storage; logStream?: NodeJS.WritableStream } = {},
): Promise<TestContext> {
  const url = await cloneTemplate();
  const database = connectDatabase(url, 5);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-test-data-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: url,
    publicUrl: 'http://gurukul.test',
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    logStore: { enabled: true, retentionDays: 14 },
    runJobs: true,
    jobLeaseSeconds: 30,
    insight: undefined,
    redisUrl: undefined,
    metricsToken: undefined,
    metricsPort: undefined,
    smtpUrl: undefined,
    mailFrom: 'Gurukul <no-reply@gurukul.test>',
    seedDemo: false,
    isProduction: false,
    webDist: path.join(dataDir, 'no-web'),
    storageQuotaBytes: 5 * 1024 * 1024 * 1024,
    videoUploadMaxBytes: 500 * 1024 * 1024,
    libreOfficeBinary: 'soffice',
    pdfRender: pdfProcessLimits({}),
    currencyRatesUrl: undefined,
    // The local test checkout, as in development (a test with Razorpay keys passes `razorpay`).
    testPayments: !overrides.razorpay,
    testPaymentsNotice: false,
    invoiceSeller: {
      name: 'Gurukul Learning',
      address: 'Bengaluru, India',
      taxId: 'TEST-TAX-ID',
      email: 'billing@gurukul.test',
    },
    taxRatePercent: 18,
    taxLabel: 'GST',
    // No test reaches the internet: outside AI services are off unless a test points them at a local fake.
    ai: { elevenLabsApiBase: 'http://127.0.0.1:9', didApiBase: 'http://127.0.0.1:9' },
    // Tests start their OpenID providers on 127.0.0.1 (server/test/oidc-provider.mjs).
    sso: {
      googleIssuer: 'http://127.0.0.1:9',
      microsoftIssuer: 'http://127.0.0.1:9',
      allowHttpIssuers: true,
    },
    // Suites make hundreds of calls as a few users: the general budgets are out of their way, the narrow ones
    // (auth, speech, …) stay at their defaults. Limit tests pass their own budgets.
    rateLimits: { ...rateLimitBudgets({}), anonymous: 100_000, read: 100_000, write: 100_000 },
    trustProxy: false,
    loginFailures: LOGIN_FAILURE_DEFAULTS,
    embedVisitorLimits: { perVisitorPerDay: 10, perAddressPerDay: 30 },
    ...overrides,
  };
  // Jobs run inline in tests (a request that queues one returns once the job has run) unless a test asks.
  const app = await buildApp({
    config,
    database,
    jobs: deps.jobs ?? inlineJobs(),
    storage: deps.storage,
    logStream: deps.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on a test's database that logs as `npm start` does — at info, storing its logs for /logs — with its
 * stdout lines handed to `write` (tests read them to prove what is, and is not, logged). Start the test's own app
 * with `logStore: { enabled: false }` so only this one stores logs; add routes, then `ready()` or `listen()`.
 */
export function buildLoggingApp(ctx: TestContext, write: (line: string) => void = () => {}): Promise<App> {
  return buildApp({
    config: { ...ctx.config, logLevel: 'info', logStore: { enabled: true, retentionDays: 14 } },
    database: ctx.database,
    jobs: inlineJobs(),
    logStream: {
      write: (line: string) => {
        write(line);
        return true;
      },
    } as unknown as NodeJS.WritableStream,
  });
}
