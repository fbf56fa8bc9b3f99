import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type FailedResponse, recordFailures, unexpectedFailures } from './failed-responses';

/** What the page reported of one `securitypolicyviolation` event. */
interface CspViolation {
  directive: string;
  blockedUri: string;
  sourceFile: string;
  page: string;
}

declare global {
  interface Window {
    __reportCspViolation?: (violation: CspViolation) => void;
  }
}

/** Runs in every page before its own scripts: forwards each CSP violation to the test. */
function listenForViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__reportCspViolation?.({
      directive: event.effectiveDirective || event.violatedDirective,
      blockedUri: event.blockedURI,
      sourceFile: event.sourceFile,
      page: location.pathname,
    });
  });
}

async function watch(context: BrowserContext, violations: CspViolation[]): Promise<void> {
  await context.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(listenForViolations);
}

/**
 * Runs `watcher` on the test's own context and on every context the test makes with `browser.newContext()`
 * (journeys that sign in several people open extra ones) until the returned function restores the browser.
 */
async function watchEveryContext(
  context: BrowserContext,
  browser: Browser,
  watcher: (context: BrowserContext) => void | Promise<void>,
): Promise<() => void> {
  await watcher(context);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const created = await newContext(...args);
    await watcher(created);
    return created;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * Playwright's `test` and `expect` for every journey. A test fails when any page it opened (in its own context
 * or in one it made with `browser.newContext()`):
 * - reported a Content-Security-Policy violation, so a policy that breaks a page cannot land;
 * - got a 4xx/5xx answer from our own server that the test did not declare with `expectFailedResponses()`
 *   (e2e/support/failed-responses.ts), so a page that sends a request it cannot make shows up here;
 * - could not be taken over by React where the server drew it (a hydration error), so a public page that draws
 *   differently on the server and in the browser cannot land.
 */
/**
 * React's errors when it cannot take over a page the server drew (decision 071): the HTML did not match what the
 * browser drew (418, 425), a part the server could not finish (419), an error while hydrating (423). In production
 * React reports them to the window, where Playwright sees them as page errors.
 */
const HYDRATION_ERROR = /Minified React error #(418|419|423|425)\b|[Hh]ydration failed/;

/**
 * Until React has a page the server drew, its HTML is on screen but its controls do nothing (a menu does not open).
 * A person waits a moment; a journey acts at once. So every `goto` and `reload` of a drawn page returns once React
 * has it (`data-hydrated`, set by web/main.tsx), unless the browser runs no scripts (then `<noscript>` holds
 * elements).
 */
function waitForTakeOver(page: Page): void {
  const settle = async () => {
    await page.waitForFunction(
      () =>
        !document.getElementById('server-drawn') ||
        document.documentElement.hasAttribute('data-hydrated') ||
        document.querySelector('noscript link') !== null,
      undefined,
      { timeout: 30_000 },
    );
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if ((args[1]?.waitUntil ?? 'load') !== 'commit') await settle();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}

function watchHydration(context: BrowserContext, errors: string[]): void {
  const onPage = (page: Page) => {
    waitForTakeOver(page);
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) errors.push(`${page.url()}: ${error.message.slice(0, 200)}`);
    });
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}

export const test = base.extend<{
  cspViolations: CspViolation[];
  failedResponses: FailedResponse[];
  hydrationErrors: string[];
}>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: CspViolation[] = [];
      const restore = await watchEveryContext(context, browser, (each) => watch(each, violations));
      try {
        await use(violations);
      } finally {
        restore();
      }
      const described = violations.map(
        (v) =>
          `${v.directive} blocked ${v.blockedUri || '(inline)'} on ${v.page}${v.sourceFile ? ` (from ${v.sourceFile})` : ''}`,
      );
      expect(described, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  failedResponses: [
    async ({ context, browser, baseURL }, use, testInfo) => {
      const seen: FailedResponse[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const restore = await watchEveryContext(context, browser, (each) => recordFailures(each, origin, seen));
      try {
        await use(seen);
      } finally {
        restore();
      }
      expect(
        unexpectedFailures(testInfo, seen),
        'Failed responses the test did not expect (declare a deliberate one with expectFailedResponses)',
      ).toEqual([]);
    },
    { auto: true },
  ],
  hydrationErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const restore = await watchEveryContext(context, browser, (each) => watchHydration(each, errors));
      try {
        await use(errors);
      } finally {
        restore();
      }
      expect(errors, 'Pages the browser could not take over from the server (hydration errors)').toEqual([]);
    },
    { auto: true },
  ],
});

// The rest of Playwright's exports (Page, Browser, Locator…) as they are, so a spec imports from one place.
export * from '@playwright/test';
export { type ExpectedFailure, expectFailedResponses } from './failed-responses';
export { expect };
