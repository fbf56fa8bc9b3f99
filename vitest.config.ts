import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that must run in a module registry of their own: they replace a module with vi.mock (which cannot take
 * effect on a module an earlier file already loaded), start whole processes, where sharing gains nothing, or
 * assert what a module has not loaded yet (the modules' catalog an English reader never fetches, which an earlier
 * file in the same worker may have fetched).
 */
const ISOLATED = [
  'server/modules/gurus/session.test.ts',
  'web/app/module-translations.test.ts',
  'server/http/serving.test.ts',
  'server/lifecycle/**/*.test.ts',
];

/**
 * Globs left out of this run, comma-separated (scripts/test-all.ts sets it for the run on Debian's PostgreSQL):
 * vitest's --exclude does not reach the projects below.
 */
const EXCLUDED = (process.env.TEST_EXCLUDE ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED, ...EXCLUDED],
          // A worker loads the app's modules once for all its files instead of once per file: the import phase
          // was about 45 % of the suite's CPU (decision 064). Each file still gets a fresh database and app.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, exclude: [...configDefaults.exclude, ...EXCLUDED] },
      },
    ],
  },
});
