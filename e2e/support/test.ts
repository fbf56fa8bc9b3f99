import { type BrowserContext, test as base, expect } from '@playwright/test';

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
 * Playwright's `test` and `expect` for every journey: a test fails when any page it opened (in its own
 * context or in one it made with `browser.newContext()`) reported a Content-Security-Policy violation, so a
 * policy that breaks a page cannot land.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: CspViolation[] = [];
      await watch(context, violations);
      // Journeys that sign in several people open extra contexts; watch those too while this test runs.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        await watch(created, violations);
        return created;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      const described = violations.map(
        (v) =>
          `${v.directive} blocked ${v.blockedUri || '(inline)'} on ${v.page}${v.sourceFile ? ` (from ${v.sourceFile})` : ''}`,
      );
      expect(described, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

// The rest of Playwright's exports (Page, Browser, Locator…) as they are, so a spec imports from one place.
export * from '@playwright/test';
export { expect };
