import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test` after the bootstrap: lint, typecheck, unit + API tests (vitest, real PostgreSQL),
 * browser journeys (Playwright, Debian chromium), and — when CI provides Debian's PostgreSQL in
 * CI_SYSTEM_DATABASE_URL — the API tests once more against it. Ends with one line "N passed, N failed".
 */
const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  /** Wall time of the suite, printed in the summary so a slow CI run says where its minutes went. */
  seconds?: number;
}
const tallies: Tally[] = [];
let suiteStarted = Date.now();

/** Marks the start of a suite; its tally takes the seconds since. */
function begin(suite: string) {
  console.log(`\n=== ${suite} ===`);
  suiteStarted = Date.now();
}

function tally(suite: string, passed: number, failed: number) {
  tallies.push({ suite, passed, failed, seconds: Math.round((Date.now() - suiteStarted) / 1000) });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Not run a second time on Debian's PostgreSQL (docs/decisions/005-test-databases.md says why). */
const SYSTEM_DATABASE_SKIPS = [
  'server/http/**',
  'server/lifecycle/**',
  'server/media/**',
  'server/modules/library/**',
  'server/providers/**',
  // Their time goes to ffmpeg, espeak-ng and images; their SQL is the courses' and invoices' of their neighbours.
  'server/modules/courses/videos.test.ts',
  'server/modules/courses/picture-sizes.test.ts',
  'server/modules/files/readable-documents.test.ts',
  'server/modules/gurus/speech-routes.test.ts',
  'server/modules/invoices/brand-logo.test.ts',
  // Their time goes to rendering the showcase course, clustering questions and ranking passages (244 s of file time
  // in a 380 s run, 2026-11-30); their SQL is plain inserts and reads that the neighbours cover.
  'server/seed/demo-content.test.ts',
  'server/seed/demo-insights.test.ts',
  'server/modules/gurus/retrieval.test.ts',
  'server/modules/gurus/search-language.test.ts',
  'server/modules/courses/captions.test.ts',
];

function check(suite: string, cmd: string, args: string[]) {
  begin(suite);
  const status = run(cmd, args);
  tally(suite, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

function vitest(suite: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  begin(suite);
  const out = path.join(tmp, `${suite.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const status = run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    env,
  );
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    success: boolean;
  }>(out);
  if (!report) return tally(suite, 0, 1);
  // A file that fails to load has no tests to count; the exit status still marks the suite failed.
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  tally(suite, report.numPassedTests, failed);
}

function playwright() {
  const suite = 'browser journeys';
  begin(suite);
  const out = path.join(tmp, `playwright-results-${process.env.E2E_PORT || 3210}.json`);
  rmSync(out, { force: true });
  const dataDir = path.join(tmp, 'e2e-data');
  rmSync(dataDir, { recursive: true, force: true });
  const status = run(bin('playwright'), ['test'], { E2E_DATA_DIR: dataDir });
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  }>(out);
  if (!report) return tally(suite, 0, 1);
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Flaky (passed on retry) and skipped tests count as failures: neither proves the behaviour.
  const failed = unexpected + flaky + skipped + (status !== 0 && unexpected === 0 ? 1 : 0);
  tally(suite, expected, failed);
}

check('lint', bin('biome'), ['check', '.']);
// A converted view's visible text goes through the catalogs (decision 068; the ratchet is scripts/check-i18n.ts).
check('translatable text', bin('tsx'), ['scripts/check-i18n.ts']);
check('import rules', bin('depcruise'), [
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
  'server',
  'common',
  'web',
  'scripts',
  'bench',
  'e2e',
  'cluster',
]);
check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
// The built web app's initial JavaScript per public page and logged-in home, against scripts/page-weight-budgets.ts.
check('page weight', bin('tsx'), ['scripts/page-weight.ts']);
vitest('unit and API tests', []);
const systemDatabase = process.env.CI_SYSTEM_DATABASE_URL
  ? { TEST_DATABASE_URL: process.env.CI_SYSTEM_DATABASE_URL }
  : {};
// Two app instances, a worker, Redis, s3rver and a load balancer (cluster/proof.test.ts), on Debian's PostgreSQL
// in CI and on an embedded one elsewhere: the production path from an empty database.
vitest('cluster proof', ['--config', 'cluster/vitest.config.ts'], systemDatabase);
if (process.env.CI_SYSTEM_DATABASE_URL) {
  // The domain modules once more on Debian's PostgreSQL (SQL, locks, pg-boss). Left out: suites whose database
  // work is the same as their neighbours' and whose time goes to media, processes or the route matrix.
  vitest('API tests on the system PostgreSQL', ['server'], {
    ...systemDatabase,
    TEST_EXCLUDE: SYSTEM_DATABASE_SKIPS.join(','),
  });
} else if (process.env.CI_EXPECT_SYSTEM_DB) {
  tallies.push({ suite: 'API tests on the system PostgreSQL (server did not start)', passed: 0, failed: 1 });
}
if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
  tallies.push({ suite: 'web build', passed: 0, failed: 1 });
} else {
  playwright();
}

console.log('\n=== summary ===');
for (const t of tallies) {
  const took = t.seconds === undefined ? '' : ` (${t.seconds} s)`;
  console.log(`${t.suite}: ${t.passed} passed, ${t.failed} failed${took}`);
}
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
