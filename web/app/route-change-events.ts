import { useEffect } from 'react';

/** Sent on window after each route change's clean-up (route-change.ts). */
export const ROUTE_CHANGED = 'gurukul:route-changed';

/** Calls `close` after each route change: menus, drawers and popovers that must not stay open on the next page. */
export function useCloseOnRouteChange(close: () => void): void {
  useEffect(() => {
    window.addEventListener(ROUTE_CHANGED, close);
    return () => window.removeEventListener(ROUTE_CHANGED, close);
  }, [close]);
}
