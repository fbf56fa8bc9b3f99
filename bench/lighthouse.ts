/**
 * Lighthouse's mobile profile (simulated slow 4G, 4× slower CPU: its defaults) on the public pages, as a first
 * visit opens them, against the compiled server (dist/server/main.js) as npm start runs it, with the built web app
 * and a catalog of live courses. Debian's Chromium, never a downloaded browser. Median of `runs` per page, with
 * the goals of issue 33 beside them.
 *
 * The reference in the same run: /login as the browser draws it (reached through /guru-list, a logged-in page the
 * server never draws, whose guard sends a visitor to /login) — how every public page arrived before decision 071.
 *
 *   npm run build && node_modules/.bin/tsx bench/lighthouse.ts [runs=3] [pages=/,/explore-course,...]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_PAGES } from '../scripts/page-weight-budgets';
import { projectRoot } from '../server/paths';
import { insertLiveCourses } from './support/live-courses';
import { startBenchApp } from './support/load';
import { buildCompiledServer, SERVER_VARIANTS, startServerProcess } from './support/server-process';

const runs = Number(process.argv[2] ?? 3);
const pages = process.argv[3]?.split(',') ?? [...PUBLIC_PAGES, '/about-us'];
const REFERENCE = { label: '/login drawn by the browser (reference)', path: '/guru-list' };
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(path.join(projectRoot, 'web', 'dist', '.server', 'entry-server.js')))
  throw new Error('The web app is not built: run npm run build first');

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes transferred before the page was interactive, as Lighthouse counts them (every script). */
  scriptKb: number;
}

interface LighthouseResult {
  categories: { performance: { score: number } };
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

/** One Lighthouse run of a page, mobile defaults, performance only. */
function lighthouse(url: string, profileDir: string): Figures {
  const result = spawnSync(
    path.join(projectRoot, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=--headless=new --no-sandbox --user-data-dir=${profileDir}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse ${url} failed: ${result.stderr.slice(-500)}`);
  const report = JSON.parse(result.stdout) as LighthouseResult;
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scriptKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const bench = await startBenchApp();
await insertLiveCourses(bench.app, 24);
buildCompiledServer();
const server = await startServerProcess([...SERVER_VARIANTS.compiled] as [string, string[]], {
  DATABASE_URL: bench.databaseUrl,
  JWT_SECRET: bench.jwtSecret,
  DATA_DIR: `${os.tmpdir()}/gurukul-bench-lighthouse-${process.pid}`,
});
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-lighthouse-profile-'));
const rows: string[] = [];
try {
  for (const [label, pagePath] of [
    ...pages.map((page) => [page, page] as const),
    [REFERENCE.label, REFERENCE.path] as const,
  ]) {
    const each: Figures[] = [];
    for (let run = 0; run < runs; run++) each.push(lighthouse(`${server.base}${pagePath}`, profileDir));
    const pick = (field: keyof Figures) => median(each.map((figures) => figures[field]));
    rows.push(
      `| ${label} | ${pick('score')} | ${(pick('fcpMs') / 1000).toFixed(1)} s | ${(pick('lcpMs') / 1000).toFixed(1)} s | ${pick('tbtMs').toFixed(0)} ms | ${pick('cls').toFixed(3)} | ${pick('scriptKb').toFixed(1)} kB |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await server.stop();
  await bench.stop();
  rmSync(profileDir, { recursive: true, force: true });
}

console.log(
  `\nLighthouse mobile, median of ${runs}; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; goals: performance ≥ 95, largest paint ≤ 2.0 s, blocking ≤ 150 ms, layout shift ≤ 0.05`,
);
console.log('| page | performance | first paint | largest paint | blocking time | layout shift | scripts |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
