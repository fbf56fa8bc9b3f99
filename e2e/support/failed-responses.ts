import { type BrowserContext, type Response, test } from '@playwright/test';

/** A 4xx/5xx answer a journey provokes on purpose: its status, its URL path, and optionally its method. */
export interface ExpectedFailure {
  status: number;
  /** The URL path (without the query): a string matches exactly, a RegExp anywhere in the path. */
  path: string | RegExp;
  method?: string;
}

/** One 4xx/5xx answer of our own server seen by a page of the test. */
export interface FailedResponse {
  method: string;
  path: string;
  status: number;
}

// Keyed by the running test's info, so a declaration can never leak into the next test of the worker.
const declared = new WeakMap<object, ExpectedFailure[]>();

/**
 * Declares 4xx/5xx answers this test provokes on purpose (a wrong password, a forbidden page, a validation
 * error…), so the journey-wide check in e2e/support/test.ts lets them pass. Keep each one narrow: its status
 * and the path that answers it.
 */
export function expectFailedResponses(...failures: ExpectedFailure[]): void {
  const info = test.info();
  declared.set(info, [...(declared.get(info) ?? []), ...failures]);
}

const matches = (failure: ExpectedFailure, response: FailedResponse) =>
  failure.status === response.status &&
  (!failure.method || failure.method.toUpperCase() === response.method) &&
  (typeof failure.path === 'string' ? failure.path === response.path : failure.path.test(response.path));

/** The failed responses the running test did not declare, each as "METHOD /path → status". */
export function unexpectedFailures(info: object, seen: FailedResponse[]): string[] {
  const expected = declared.get(info) ?? [];
  return seen
    .filter((response) => !expected.some((failure) => matches(failure, response)))
    .map((response) => `${response.method} ${response.path} → ${response.status}`);
}

/** Records every response of the context with status >= 400 that came from `origin` (our own server). */
export function recordFailures(context: BrowserContext, origin: string, seen: FailedResponse[]): void {
  context.on('response', (response: Response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    seen.push({ method: response.request().method(), path: url.pathname, status: response.status() });
  });
}
