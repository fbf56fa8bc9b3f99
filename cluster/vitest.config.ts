import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The cluster proof (issue 18): its own run, after the unit and API tests, one file at a time. The global setup is
// the API tests': one PostgreSQL, embedded or TEST_DATABASE_URL's (Debian's in CI); the cluster makes its own
// database there.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['cluster/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
