/**
 * Lighthouse's mobile profile (simulated slow 4G, 4× slower CPU) on the student's own pages of issue 33 — the
 * subscribed courses, the course player, the guru session and a quiz — logged in as the demo student, with the
 * app's shell in the browser's cache (a student coming back: nothing of the browser's storage is reset, and each
 * page was opened once before it is measured). Median of `runs` per page.
 *
 * Against a running server with the demo data (the demo student, its subscribed course, guru and quiz), as
 * `npm start` serves it; Debian's Chromium, driven by the puppeteer-core that Lighthouse itself uses:
 *
 *   npm start   # in another terminal
 *   node_modules/.bin/tsx bench/lighthouse-student.ts [base=http://127.0.0.1:3000] [runs=3]
 */
import os from 'node:os';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.argv[3] ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const STUDENT = { email: 'student@gurukul.test', password: 'Gurukul2026' };

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Logs in through the real form, as the student would. */
async function logIn(page: Page) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.type('input[autocomplete="email"]', STUDENT.email);
  await page.type('input[autocomplete="current-password"]', STUDENT.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.click('button[type="submit"]'),
  ]);
  if (!page.url().includes('/subscribed-courses')) throw new Error(`login landed on ${page.url()}`);
}

/** The student's own addresses: their first subscribed course, its guru and an attempt at its first quiz. */
async function studentPages(page: Page): Promise<[string, string][]> {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken') ?? '');
  const headers = { Authorization: JSON.stringify({ jwtToken: token }), 'content-type': 'application/json' };
  const subscriptions = (await (await fetch(`${base}/api/learning/subscriptions`, { headers })).json()) as {
    courses: { id: string; courseId?: string }[];
  };
  const first = subscriptions.courses[0];
  if (!first) throw new Error('the demo student has no subscribed course: run against the demo data');
  const courseId = first.courseId ?? first.id;
  const player = `/subscribed-courses?courseId=${courseId}`;
  await page.goto(`${base}${player}`, { waitUntil: 'networkidle0' });
  const guru = await page.$eval('a[href^="/guru?guruId="]', (link) => link.getAttribute('href'));
  const quizzes = (await (
    await fetch(`${base}/api/learning/quizzes/of-course/${courseId}`, { headers })
  ).json()) as {
    quizzes: { id: string; openAttemptId: string | null }[];
  };
  const quiz = quizzes.quizzes[0];
  if (!quiz) throw new Error('the demo course has no quiz');
  const attemptId =
    quiz.openAttemptId ??
    (
      (await (
        await fetch(`${base}/api/learning/quizzes/${quiz.id}/attempts`, { method: 'POST', headers })
      ).json()) as {
        id: string;
      }
    ).id;
  return [
    ['subscribed courses', '/subscribed-courses'],
    ['course player', player],
    ['guru session', guru ?? '/guru'],
    ['quiz', `/quiz-round?attemptId=${attemptId}`],
  ];
}

async function measure(page: Page, url: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    { output: 'json', onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
    undefined,
    page,
  );
  if (!result) throw new Error(`lighthouse ${url} gave nothing`);
  const { lhr } = result;
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const rows: string[] = [];
try {
  const page = await browser.newPage();
  await logIn(page);
  const pages = await studentPages(page);
  for (const [label, path] of pages) {
    // Opened once first: the shell and the page's chunks in the cache, as for a student coming back.
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
    const each: Figures[] = [];
    for (let run = 0; run < runs; run++) each.push(await measure(page, `${base}${path}`));
    const pick = (field: keyof Figures) => median(each.map((figures) => figures[field]));
    rows.push(
      `| ${label} | ${pick('score')} | ${(pick('fcpMs') / 1000).toFixed(1)} s | ${(pick('lcpMs') / 1000).toFixed(1)} s | ${pick('tbtMs').toFixed(0)} ms | ${pick('cls').toFixed(3)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await browser.close();
}

console.log(
  `\nLighthouse mobile, logged in, shell cached, median of ${runs}; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; goals: performance ≥ 95, largest paint ≤ 2.0 s, blocking ≤ 150 ms, layout shift ≤ 0.05`,
);
console.log('| page | performance | first paint | largest paint | blocking time | layout shift |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
