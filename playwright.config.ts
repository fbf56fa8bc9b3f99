import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 3210);
/** The stand-in page-view insight service (e2e/support/insight-receiver.mjs). */
export const INSIGHT_PORT = PORT + 500;
/** Another website on two origins (e2e/support/other-site.mjs): one registered for the embedded guru, one not. */
export const OTHER_SITE_PORTS = [PORT + 600, PORT + 601] as const;
/** An OpenID provider this project did not write (oidc-provider, server/test/oidc/provider-process.mjs). */
export const OIDC_PROVIDER_PORT = PORT + 700;
export const OIDC_CLIENT = { client_id: 'gurukul-e2e', client_secret: 'gurukul-e2e-secret' } as const;
/** A learning platform for LTI launches, written from the 1EdTech messages (e2e/support/test-lms.mjs). */
export const TEST_LMS_PORT = PORT + 800;
export const TEST_LMS_CLIENT_ID = 'gurukul-e2e-lti';
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || '.tmp/e2e-data';

/** Browser journeys in Debian's chromium (never a downloaded browser) against the real server. */
export default defineConfig({
  testDir: 'e2e',
  // Generous for a shared two-core machine, where a page load has been seen to take 4 s and a long journey 60 s;
  // these bound a hang, they do not measure speed (bench/ does).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Per-port output folders, so two runs on one machine never delete each other's artifacts.
  outputDir: `.tmp/test-results-${PORT}`,
  reporter: [['list'], ['json', { outputFile: `.tmp/playwright-results-${PORT}.json` }]],
  globalSetup: './e2e/support/global-setup.ts',
  // Journeys that change shared demo state (the approval queue and its badge count) run after the others,
  // one at a time, so no journey sees another's pending course in the count.
  projects: [
    {
      name: 'journeys',
      testIgnore:
        /course-approval|course-lifecycle|course-wizard|quiz-taking|quiz-drafts|quiz-lifecycle|billing-ended|course-purchase|currency-rates|first-hour|single-sign-on|lti-launch/,
    },
    {
      name: 'shared-state',
      testMatch:
        /course-approval|course-lifecycle|course-wizard|quiz-taking|quiz-drafts|quiz-lifecycle|billing-ended|course-purchase|currency-rates|first-hour|single-sign-on|lti-launch/,
      dependencies: ['journeys'],
      workers: 1,
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace unless asked (E2E_TRACE=retain-on-failure, or on): recording every action's snapshot cost a fifth to
    // a quarter of a journey's time (navigation.spec.ts 2.1 → 1.6 min, 2026-11-29), and CI keeps only the log. A
    // failure still leaves its screenshot and the page's accessibility snapshot (error-context.md).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node e2e/support/insight-receiver.mjs ${INSIGHT_PORT}`,
      url: `http://127.0.0.1:${INSIGHT_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `node e2e/support/other-site.mjs ${OTHER_SITE_PORTS.join(' ')}`,
      url: `http://127.0.0.1:${OTHER_SITE_PORTS[0]}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'node server/test/oidc/provider-process.mjs',
      url: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        OP_PORT: String(OIDC_PROVIDER_PORT),
        OP_CLIENTS: JSON.stringify([
          { ...OIDC_CLIENT, redirect_uris: [`http://127.0.0.1:${PORT}/api/sso/callback`] },
        ]),
      },
    },
    {
      command: `node e2e/support/test-lms.mjs ${TEST_LMS_PORT} http://127.0.0.1:${PORT} ${TEST_LMS_CLIENT_ID}`,
      url: `http://127.0.0.1:${TEST_LMS_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The compiled server, as `npm start` runs it (built fresh: about a second); SIGTERM at the end exercises
      // the graceful stop, which also stops the embedded PostgreSQL.
      command: 'node scripts/build-server.mjs && exec node --enable-source-maps dist/server/main.js',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `http://127.0.0.1:${PORT}/api/health`,
      // A fresh data folder seeds the demo courses first; on a machine whose demo render cache is empty
      // (decision 060) that renders them, which takes minutes on two busy cores.
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '10000',
        RATE_LIMIT_MAX: '100000',
        SEED_DEMO: 'true',
        // A route that fails with a 500 (/api/test/fail), for the logs journey (server/lifecycle/test-routes.ts).
        NODE_ENV: 'test',
        LIFECYCLE_TEST_ROUTES: 'true',
        // Page views go to the stand-in receiver (e2e/page-views.spec.ts).
        INSIGHT_URL: `http://127.0.0.1:${INSIGHT_PORT}/collect`,
        INSIGHT_PROJECT: 'gurukul-e2e',
        // The platform as a GST-registered supplier in Karnataka: rupee invoices are GST tax invoices (decision 067).
        INVOICE_SELLER_GSTIN: '29AAGCB7383J1Z4',
        // The tests' OpenID provider runs on plain http on this machine (e2e/single-sign-on.spec.ts).
        SSO_ALLOW_HTTP_ISSUERS: 'true',
        // "Continue with Google" goes to the tests' OpenID provider instead (e2e/single-sign-on.spec.ts).
        SSO_GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PROVIDER_PORT}`,
      },
    },
  ],
});
