/** What a page address says about referrals: a `?ref=` code to record, the server's "invalid link" mark. */
export interface ReferralParams {
  code: string | null;
  invalid: boolean;
  /** The address without them. */
  cleanUrl: string;
}

export function readReferralParams(href: string): ReferralParams {
  const url = new URL(href);
  const code = url.searchParams.get('ref')?.trim() || null;
  const invalid = url.searchParams.get('referral') === 'invalid';
  url.searchParams.delete('ref');
  if (invalid) url.searchParams.delete('referral');
  return { code, invalid, cleanUrl: url.pathname + url.search + url.hash };
}

/**
 * Runs once as the app starts (main.tsx), before the router reads the address: a `?ref=<code>` or the server's
 * `?referral=invalid` (from /r/<unknown code>) leaves the address at once, so a reload or a shared URL does not
 * count twice, and the rest (the visit call, the toast) loads on its own only then: this file is in every
 * page's first download and imports nothing.
 */
export function takeReferralFromAddress(): void {
  const params = readReferralParams(window.location.href);
  if (!params.code && !params.invalid) return;
  const landing = window.location.pathname;
  window.history.replaceState(window.history.state, '', params.cleanUrl);
  void import('./attribution').then((module) => module.recordReferral(params, landing));
}
