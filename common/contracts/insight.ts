/**
 * GET /api/common/insight: where page views go (SPEC §7), or null. The browser sends one only when its own origin
 * is `productionOrigin` (PUBLIC_URL's), so a copy served elsewhere (a developer's machine, a test) sends nothing.
 */
export interface InsightSettings {
  insight: { url: string; project: string; productionOrigin: string } | null;
}

/** One page view as the insight service receives it: the path only, never a query string (it may hold tokens). */
export interface PageView {
  project: string;
  page: string;
  referrer: string;
}
