import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  BUDGETS,
  type Budget,
  type MeasuredPage,
  PUBLIC_GOAL_JS_BROTLI,
  PUBLIC_PAGES,
  SHELL_PAGES,
} from './page-weight-budgets';

/**
 * The initial JavaScript and CSS of each public page and of the logged-in shell, from the built web app's
 * Vite manifest (web/dist/.vite/manifest.json): the entry with its static imports, the layout of the page's
 * route group and the lazy page module the route loads first, each with its static imports and CSS.
 * Prints raw, gzip and brotli sizes per page, says which public pages meet the 120 kB goal, and exits 1 when
 * a page exceeds its budget in scripts/page-weight-budgets.ts. Usage: `tsx scripts/page-weight.ts [distDir]` (default `WEB_DIST` or web/dist).
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageWeight {
  page: MeasuredPage;
  files: number;
  js: Sizes;
  css: Sizes;
}

const root = path.resolve(import.meta.dirname, '..');

/** The route group's layout modules; when a layout is lazy it is a dynamic entry of the manifest. */
const LAYOUTS = { public: 'app/layout/public-layout.tsx', shell: 'app/layout/app-layout.tsx' };

/** Path → page module (relative to web/), read from web/pages.ts so the two never drift apart. */
export function readPageModules(): Map<string, string> {
  const source = readFileSync(path.join(root, 'web/pages.ts'), 'utf8');
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/'(\/[^']*)': \(\) => import\('\.\/([^']+)'\)/g)) {
    modules.set(match[1], `${match[2]}.tsx`);
  }
  return modules;
}

/** Every file a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(manifest: Manifest, key: string, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, seen);
}

const sizeCache = new Map<string, Sizes>();

/** Sizes of one file as sent: uncompressed, gzip -9 and brotli q11 (what build-time pre-compression uses). */
function sizesOf(file: string): Sizes {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const body = readFileSync(file);
  const sizes = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

const add = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/** The initial files of one page: entry + its route group's layout + the page module, with static imports. */
export function pageFiles(manifest: Manifest, modules: Map<string, string>, page: MeasuredPage): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  const pageModule = modules.get(page);
  if (!pageModule) throw new Error(`web/pages.ts has no page for ${page}`);
  const layout = (PUBLIC_PAGES as readonly string[]).includes(page) ? LAYOUTS.public : LAYOUTS.shell;
  const files = new Set<string>();
  const seen = new Set<string>();
  for (const key of [entry, layout, pageModule]) {
    if (key === layout && !manifest[key]) continue; // not lazy: already inside the entry's chunks
    closure(manifest, key, files, seen);
  }
  return files;
}

export function measure(dist: string): PageWeight[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app first (npm run build)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const modules = readPageModules();
  return [...PUBLIC_PAGES, ...SHELL_PAGES].map((page) => {
    const files = pageFiles(manifest, modules, page);
    let js = ZERO;
    let css = ZERO;
    for (const file of files) {
      const sizes = sizesOf(path.join(dist, file));
      if (file.endsWith('.css')) css = add(css, sizes);
      else js = add(js, sizes);
    }
    return { page, files: files.size, js, css };
  });
}

/** The budget lines a page breaks, empty when it keeps them all. */
export function overBudget(weight: PageWeight, budget: Budget = BUDGETS[weight.page]): string[] {
  const broken: string[] = [];
  const check = (label: string, value: number, limit: number) => {
    if (value > limit) broken.push(`${label} ${kb(value)} > ${kb(limit)}`);
  };
  check('JS brotli', weight.js.brotli, budget.jsBrotli);
  check('JS gzip', weight.js.gzip, budget.jsGzip);
  check('JS raw', weight.js.raw, budget.jsRaw);
  check('CSS brotli', weight.css.brotli, budget.cssBrotli);
  return broken;
}

const isPublicPage = (page: string) => (PUBLIC_PAGES as readonly string[]).includes(page);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(weights: PageWeight[]): void {
  const header = [
    'page',
    'files',
    'JS raw',
    'JS gzip',
    'JS brotli',
    'CSS raw',
    'CSS gzip',
    'CSS brotli',
    'budget',
  ];
  const rows = weights.map((w) => {
    const broken = overBudget(w);
    return [
      w.page,
      String(w.files),
      kb(w.js.raw),
      kb(w.js.gzip),
      kb(w.js.brotli),
      kb(w.css.raw),
      kb(w.css.gzip),
      kb(w.css.brotli),
      broken.length === 0 ? `ok (≤ ${kb(BUDGETS[w.page].jsBrotli)})` : `OVER: ${broken.join('; ')}`,
    ];
  });
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? path.join(root, 'web', 'dist'));
  const weights = measure(dist);
  printTable(weights);
  const missing = weights.filter((w) => isPublicPage(w.page) && w.js.brotli > PUBLIC_GOAL_JS_BROTLI);
  console.log(
    missing.length === 0
      ? `\ngoal: every public page's initial JS ≤ ${kb(PUBLIC_GOAL_JS_BROTLI)} brotli: met`
      : `\ngoal: every public page's initial JS ≤ ${kb(PUBLIC_GOAL_JS_BROTLI)} brotli: not met by ${missing
          .map((w) => `${w.page} (${kb(w.js.brotli)})`)
          .join(', ')}`,
  );
  const over = weights.filter((w) => overBudget(w).length > 0);
  if (over.length > 0) {
    console.error(`over budget: ${over.map((w) => w.page).join(', ')}`);
    process.exit(1);
  }
}
