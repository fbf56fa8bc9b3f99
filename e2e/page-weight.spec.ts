import { BUDGETS, type Budget, type MeasuredPage, PUBLIC_PAGES } from '../scripts/page-weight-budgets';
import { expect, type Page, test } from './support/test';

interface Loaded {
  url: string;
  encoding: string;
  /** The body as it came over the wire (compressed when the server compressed it). */
  bytes: number;
  /** The script itself (decoded). */
  text: string;
}

/** A string only each heavy library's code holds: none may arrive with a public page. */
const HEAVY = {
  'hls.js': 'manifestLoadError',
  three: 'WebGLRenderer',
  recharts: 'recharts-wrapper',
  'socket.io client': 'engine.io',
} as const;

/**
 * Opens a page in a fresh context and answers every script it loaded until the network went quiet, with the
 * bytes on the wire: the browser's own count of what a first visit costs, lazy chunks fetched while the page
 * renders included.
 */
async function scriptsOf(page: Page, path: MeasuredPage): Promise<Loaded[]> {
  const pending: Promise<Loaded>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        const text = (await response?.text()) ?? '';
        return { url: request.url(), encoding, bytes: sizes.responseBodySize, text };
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return Promise.all(pending);
}

/** The ceiling for what this browser was sent: brotli, gzip or uncompressed. */
function limitFor(budget: Budget, encodings: Set<string>): { limit: number; kind: string } {
  if (encodings.size === 1 && encodings.has('br')) return { limit: budget.jsBrotli, kind: 'brotli' };
  if (encodings.size === 1 && encodings.has('gzip')) return { limit: budget.jsGzip, kind: 'gzip' };
  return { limit: budget.jsRaw, kind: `mixed or uncompressed (${[...encodings].join(', ')})` };
}

test.describe('public page weight', () => {
  for (const path of PUBLIC_PAGES) {
    test(`a first visit to ${path} stays within its JavaScript budget`, async ({ page }) => {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      // Video, 3-D, charts, the socket client and the logged-in shell are never part of a public first visit.
      for (const [library, marker] of Object.entries(HEAVY)) {
        const carriers = scripts.filter((script) => script.text.includes(marker)).map((script) => script.url);
        expect(carriers, `${library} on ${path}`).toEqual([]);
      }
      expect(
        scripts.filter((script) => /\/app-layout-/.test(script.url)).map((script) => script.url),
      ).toEqual([]);
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const { limit, kind } = limitFor(BUDGETS[path], new Set(scripts.map((script) => script.encoding)));
      test.info().annotations.push({
        type: 'page weight',
        description: `${path}: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} kB ${kind} (limit ${(limit / 1000).toFixed(1)} kB)`,
      });
      expect(total, `${path} sent ${kind}`).toBeLessThanOrEqual(limit);
    });
  }
});

test('on a phone the public menu, loaded when first opened, opens, navigates and closes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(menu).toHaveCount(0);
});
