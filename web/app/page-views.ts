import type { PageView } from '../../common/contracts/insight';
import { siteSettings } from './site-settings';

// SPEC §7's page-view insight: on the production origin only, each route change sends { project, page, referrer }
// to the insight service, fire-and-forget. Nothing here may block or break navigation: every step swallows its
// failure, and the request is a beacon the browser sends on its own time.

interface RouteChanges {
  readonly state: { location: { pathname: string }; navigation: { state: string } };
  subscribe(listener: (state: RouteChanges['state']) => void): () => void;
}

/** An address without its query string or fragment, which may carry tokens (reset links, share links). */
export function withoutQuery(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '';
  }
}

/** Follows route changes and says each new page once: the first with the browser's referrer, the next with ours. */
export function pageViewsOf(
  project: string,
  origin: string,
  firstReferrer: string,
  say: (view: PageView) => void,
): (pathname: string) => void {
  let previous: string | null = null;
  return (pathname) => {
    if (pathname === previous) return;
    say({
      project,
      page: pathname,
      referrer: previous === null ? withoutQuery(firstReferrer) : `${origin}${previous}`,
    });
    previous = pathname;
  };
}

function beacon(url: string, view: PageView): void {
  try {
    // text/plain keeps it a simple request: no preflight, nothing to wait for.
    const body = JSON.stringify(view);
    if (navigator.sendBeacon?.(url, body)) return;
    void fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => undefined);
  } catch {
    // A page view is never worth an error.
  }
}

/** Starts sending page views if the server names an insight service and this is its production origin. */
export function trackPageViews(router: RouteChanges): void {
  siteSettings()
    .then(({ insight }) => {
      if (!insight || window.location.origin !== insight.productionOrigin) return;
      const seen = pageViewsOf(insight.project, window.location.origin, document.referrer, (view) =>
        beacon(insight.url, view),
      );
      seen(router.state.location.pathname);
      router.subscribe((state) => {
        // Once the navigation has landed (a lazy page may still be loading while the state says 'loading').
        if (state.navigation.state === 'idle') seen(state.location.pathname);
      });
    })
    .catch(() => undefined);
}
