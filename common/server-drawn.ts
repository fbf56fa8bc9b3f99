import { ROUTES } from './routes';

/** Guest pages opened from a mailed link: the browser reads the link's token and spends it, so it draws them. */
const OPENED_FROM_MAIL = new Set(['/reset-password', '/verify-email']);

/**
 * Public pages the server draws as HTML before any script runs (decision 071): the guest pages and a course's
 * previews, which a first visit, a crawler or a link preview opens. Every other path is drawn in the browser, which also hydrates these.
 */
export const SERVER_DRAWN_PATHS: ReadonlySet<string> = new Set([
  ...ROUTES.filter((route) => route.access === 'guest' && !OPENED_FROM_MAIL.has(route.path)).map(
    (route) => route.path,
  ),
  // A course's previews: open to everyone, and the address a teacher shares (its link preview names the course).
  '/preview-video',
]);

/** The element holding what the browser needs to take the server's page over (its language). */
export const SERVER_DRAWN_STATE_ID = 'server-drawn';

/** What the server tells the browser about a page it drew. */
export interface ServerDrawnState {
  locale: string;
  /** The data the page was drawn with: TanStack Query's dehydrated state, taken over before hydrating. */
  queries?: unknown;
  /** The parts loaded on demand that the drawing holds (web/app/lazy-part.tsx), loaded before hydrating. */
  parts?: string[];
}

/** The cookie that names the interface language chosen in this browser, so the server draws pages in it. */
export const LOCALE_COOKIE = 'gurukul_locale';

/**
 * Set by the browser while a session is kept in it (web/app/signed-in-cookie.ts): the server then leaves public
 * pages to the browser, which sends a logged-in reader home instead of painting the visitor's page first. It is a
 * hint about what to draw, never a credential: a stale one only costs that reader the server's drawing.
 */
export const SIGNED_IN_COOKIE = 'gurukul_signed_in';
