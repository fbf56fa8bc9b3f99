/**
 * GET /api/common/insight: where page views go (SPEC §7), or null. The browser sends one only when its own origin
 * is `productionOrigin` (PUBLIC_URL's), so a copy served elsewhere (a developer's machine, a test) sends nothing.
 * The one public settings call every page load makes, so it also carries `testPayments`: TEST_PAYMENTS=on turned
 * the free test checkout on, and every page shows a "Test payments" notice (decision 055).
 */
export interface InsightSettings {
  insight: { url: string; project: string; productionOrigin: string } | null;
  testPayments: boolean;
}

/** One page view as the insight service receives it: the path only, never a query string (it may hold tokens). */
export interface PageView {
  project: string;
  page: string;
  referrer: string;
}
