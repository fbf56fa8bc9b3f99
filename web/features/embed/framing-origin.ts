/**
 * The origin of the page that frames this one, or null when the page is not in a frame. Chromium and Safari
 * list the framing origins (location.ancestorOrigins); Firefox has only the referrer, which our own site's
 * referrer policy never sends with a path. Either way the browser has already allowed only the registered
 * site to frame us (frame-ancestors), so what this reads is that site.
 */
export function framingOrigin(): string | null {
  if (window.top === window) return null;
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The guru id of an embed page's address (/embed/guru/:guruId), or null. */
export function embeddedGuruId(pathname: string): string | null {
  const match = /^\/embed\/guru\/([0-9a-f-]{36})\/?$/i.exec(pathname);
  return match?.[1] ?? null;
}
