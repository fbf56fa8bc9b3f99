/**
 * An LTI 1.3 launch, from the LMS's course page to Gurukul's page drawn inside its frame (issue 34: p95 ≤ 500 ms on
 * this machine, beside /api/health in the same run). Each launch is a fresh browser context — no cookie, no
 * cache, as a learner's first click — on Debian's Chromium (puppeteer-core): the LMS page loads, its frame posts
 * the third-party initiated login, Gurukul answers with the authentication request, the LMS posts the signed
 * id_token back, Gurukul checks it and sends the frame to /sso, which trades the ticket for a session and draws
 * the learner's page ("Subscribed Courses"). The LMS is e2e/support/test-lms.mjs in its own process.
 *
 * Needs the built web app (`npm run build`):
 *   node_modules/.bin/tsx bench/lti-launch.ts [launches=40]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import puppeteer, { type BrowserContext } from 'puppeteer-core';
import { freePort } from '../server/db/embedded';
import { ltiPlatforms } from '../server/db/schema/index';
import { refreshFrameOrigins } from '../server/modules/lti/frame-origins';
import { projectRoot } from '../server/paths';
import { measure, startBenchApp } from './support/load';

const launches = Number(process.argv[2] ?? 40);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CLIENT_ID = 'gurukul-bench-lti';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const bench = await startBenchApp({ PUBLIC_URL: base, SSO_ALLOW_HTTP_ISSUERS: 'true' }, port);
const lmsPort = await freePort();
const lms = `http://127.0.0.1:${lmsPort}`;
const lmsProcess: ChildProcess = spawn(
  process.execPath,
  ['e2e/support/test-lms.mjs', String(lmsPort), base, CLIENT_ID],
  { cwd: projectRoot, stdio: 'ignore' },
);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;

/**
 * One launch: ms from asking for the LMS page to the learner's page drawn in the frame. In a fresh context (no
 * cache: a first visit on this device), or in `context` (its cache holds Gurukul's app from earlier launches).
 */
async function launch(learner: string, reused?: BrowserContext): Promise<number> {
  const context = reused ?? (await browser.createBrowserContext());
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(
      `${lms}/course?user=${learner}&name=${encodeURIComponent(`Learner ${learner}`)}&role=Learner`,
    );
    const frame = await page.waitForFrame(
      (candidate) => candidate.url().startsWith(`${base}/subscribed-courses`),
      {
        timeout: 20_000,
      },
    );
    await frame.waitForSelector('h1::-p-text(Subscribed Courses)', { timeout: 20_000 });
    return performance.now() - started;
  } finally {
    if (reused) for (const open of await context.pages()) await open.close();
    else await context.close();
  }
}

/** The hidden fields of the LMS's auto-posting form (how it moves the browser through the launch). */
const formFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/gu)].map((match) => [
      match[1],
      match[2].replace(/&#(\d+);/gu, (_all, code: string) => String.fromCharCode(Number(code))),
    ]),
  );

/**
 * The server's part alone, as the browser would carry it but without a browser: the login initiation, the LMS's
 * answer, the launch, the ticket traded for a session. Ms per step and in all.
 */
async function serverPath(
  learner: string,
): Promise<Record<'login' | 'launch' | 'session' | 'total', number>> {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual' as const,
  });
  const t0 = performance.now();
  const hint = Buffer.from(
    JSON.stringify({ user: learner, name: `Learner ${learner}`, role: 'Learner' }),
  ).toString('base64url');
  const login = await fetch(
    `${base}/api/lti/login`,
    form({
      iss: lms,
      login_hint: hint,
      target_link_uri: `${base}/subscribed-courses`,
      client_id: CLIENT_ID,
      lti_deployment_id: 'deployment-1',
    }),
  );
  const t1 = performance.now();
  const authorized = formFields(await (await fetch(String(login.headers.get('location')))).text());
  const t2 = performance.now();
  const launched = await fetch(`${base}/api/lti/launch`, form(authorized));
  const ticket = new URLSearchParams(new URL(String(launched.headers.get('location'))).hash.slice(1)).get(
    'ticket',
  );
  const t3 = performance.now();
  const session = await fetch(`${base}/api/sso/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket }),
  });
  if (!session.ok) throw new Error(`session ${session.status}`);
  const t4 = performance.now();
  return { login: t1 - t0, launch: t3 - t2, session: t4 - t3, total: t4 - t0 };
}

try {
  for (;;) {
    if ((await fetch(`${lms}/health`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Registered platform-wide (the admin's): its learners get accounts of their own.
  await bench.app.db.insert(ltiPlatforms).values({
    ownerId: null,
    name: 'Bench LMS',
    issuer: lms,
    clientId: CLIENT_ID,
    deploymentIds: ['deployment-1'],
    loginUrl: `${lms}/auth`,
    tokenUrl: `${lms}/token`,
    keysetUrl: `${lms}/jwks`,
  });
  // Gurukul's pages name the LMS in frame-ancestors only once the instance has read the registration.
  await refreshFrameOrigins(bench.app);
  if (process.env.BENCH_HOLD) {
    console.log(`LMS ${lms} TOOL ${base}`);
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_HOLD)));
  }
  // Warm the server (its first launch reads the LMS's keyset; Chromium starts its processes).
  for (let i = 0; i < 3; i++) await launch(`warm-${i}`);

  const first: number[] = [];
  for (let i = 0; i < launches; i++) first.push(await launch(`learner-${i}`));
  const again: number[] = [];
  for (let i = 0; i < launches; i++) again.push(await launch(`learner-${i}`));
  // A learner's browser that opened Gurukul before: its cache holds the app (the frame's cache is partitioned
  // by the LMS's site, and kept between visits).
  const returning = await browser.createBrowserContext();
  await launch('returning-0', returning);
  const cached: number[] = [];
  for (let i = 0; i < launches; i++) cached.push(await launch(`learner-${i}`, returning));
  await returning.close();
  const server: Record<'login' | 'launch' | 'session' | 'total', number>[] = [];
  for (let i = 0; i < launches * 2; i++) server.push(await serverPath(`server-${i % launches}`));
  const health = await measure('GET /api/health (reference)', `${base}/api/health`, {}, 2000, 32);
  const row = (label: string, values: number[]) =>
    `| ${label} | ${values.length} | ${percentile(values, 0.5).toFixed(0)} ms | ${percentile(values, 0.95).toFixed(0)} ms | ${Math.max(...values).toFixed(0)} ms |`;
  console.log('\n| launch | launches | p50 | p95 | max |\n|---|---|---|---|---|');
  console.log(row('first launch (account made)', first));
  console.log(row('launch again (same account)', again));
  console.log(row('launch again, app in the browser cache', cached));
  for (const step of ['login', 'launch', 'session', 'total'] as const) {
    console.log(
      row(
        `server alone: ${step === 'total' ? 'login → session' : step}`,
        server.map((each) => each[step]),
      ),
    );
  }
  console.log(
    `\n/api/health in the same run: ${health.reqPerSecond.toFixed(0)} req/s, p50 ${health.p50} ms, p95 ${health.p95} ms (32 concurrent); load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  lmsProcess.kill();
  await bench.stop();
}
