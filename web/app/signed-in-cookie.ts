import { SIGNED_IN_COOKIE } from '../../common/server-drawn';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Tells the server whether this browser keeps a session (common/server-drawn.ts), so a logged-in reader who opens
 * a public page gets it drawn here and is sent home without the visitor's page painting first. The session itself
 * stays in local storage (SPEC §3); this cookie carries nothing but "1".
 */
export function markSignedIn(signedIn: boolean): void {
  // Storage is also written where there is no document (the server's drawing, unit tests): nothing to tell there.
  if (typeof document === 'undefined') return;
  // As long-lived as the session it mirrors, which local storage keeps across restarts of the browser.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=${YEAR_S}; samesite=lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
