import { ROUTE_CHANGED } from './route-change-events';
import { closeToastsLeftBehind } from './toast';

// SPEC §9: "Route change cleanup runs after 50 ms": once a new page is shown, the window goes back to the top,
// open menus and drawers close, and toasts raised on the page just left go away. Toasts raised by the action that
// led here ("Course saved", then the course list) stay: see closeToastsLeftBehind.
export const ROUTE_CHANGE_CLEANUP_MS = 50;

interface RouteChanges {
  readonly state: { location: { pathname: string; hash: string }; navigation: { state: string } };
  subscribe(listener: (state: RouteChanges['state']) => void): () => void;
}

/** Watches the router: a new path (not a new query on the same page) runs the clean-up 50 ms after it shows. */
export function installRouteChangeCleanup(router: RouteChanges): () => void {
  let shown = router.state.location.pathname;
  let leftAt = Date.now();
  let navigating = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      // The moment the user asked to go: toasts raised before it belong to the page being left. Only the first
      // update of a navigation counts; a slow page (a phone on 4G, a loaded machine) sends more while it loads,
      // and taking those would close the toast of the very action that navigated ("You are now logged in as…").
      if (!navigating && state.location.pathname === shown) leftAt = Date.now();
      navigating = true;
      return;
    }
    navigating = false;
    const { pathname, hash } = state.location;
    if (pathname === shown) return;
    const left = shown;
    shown = pathname;
    const asked = leftAt;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!hash) window.scrollTo({ top: 0, left: 0 });
      closeToastsLeftBehind(left, asked);
      window.dispatchEvent(new Event(ROUTE_CHANGED));
      leftAt = Date.now();
    }, ROUTE_CHANGE_CLEANUP_MS);
  });
}
