// Before any schema module is evaluated (see the file).
import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { Locale } from '../common/i18n/locales';
import { startEarlyReads } from './app/early-reads';
import { currentLocale, initialLocale, startI18n, startI18nAs } from './app/i18n';
import { loadDrawnParts } from './app/lazy-part';
import { installChunkReload, installUserChangeReload } from './app/reloads';
import { queryClient, Root } from './app/root';
import { appRoutes, createAppRouter, loadMatchedRoutes } from './app/router';
import { drawnByServer } from './app/server-drawn';
import { markSignedIn } from './app/signed-in-cookie';
import { readSession } from './app/storage';
import { embeddedGuruId, mountEmbed } from './features/embed';
import { takeReferralFromAddress } from './features/partners/referral-params';
import { PAGES } from './pages';

// A page the server drew waits for the whole stylesheet only now (its critical part is inline, decision 071).
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-styles]')) link.media = 'all';

const container = document.getElementById('root');
const embeddedGuru = embeddedGuruId(window.location.pathname);
if (embeddedGuru) startEmbed(embeddedGuru);
else startApp();

/** A guru inside its owner's website (/embed/guru/:id): its own small root, none of the app around it. */
function startEmbed(guruId: string) {
  if (container) void mountEmbed(container, guruId);
}

function startApp() {
  installChunkReload();
  installUserChangeReload();
  // A session kept from before the hint existed, or ended while the browser was closed, is told to the server.
  markSignedIn(readSession() !== null);
  // Before the router reads the address: a ?ref= code is taken out of it and recorded.
  takeReferralFromAddress();
  // An LMS launch's ticket is traded first, and its page drawn in the browser (the /sso markup is not kept).
  if (window.location.pathname === '/sso' && window.location.hash.includes('ticket=')) {
    void import('./app/launch-landing')
      .then(({ enterFromLaunch }) => enterFromLaunch(window.location))
      .catch(() => false)
      .then((entered) => {
        if (entered && container) container.replaceChildren();
        return entered ? renderInBrowser() : startPage();
      });
    return;
  }
  startPage();
}

/** The page at the address: taken over from the server's drawing, or drawn in the browser. */
function startPage() {
  const drawn = container ? drawnByServer(container) : null;
  if (drawn) void hydrateDrawnPage(drawn.locale, drawn.queries, drawn.parts);
  else void renderInBrowser();
}

/** Route-change clean-up and page views: their own chunks, after the first page. */
function afterFirstPage(router: ReturnType<typeof createAppRouter>) {
  // What runs on route changes costs the landing page nothing. The clean-up (SPEC §9) is there long before anyone
  // can navigate; page views (SPEC §7) are fire-and-forget anyway.
  void import('./app/route-change')
    .then(({ installRouteChangeCleanup }) => installRouteChangeCleanup(router))
    .catch(() => undefined);
  void import('./app/page-views').then(({ trackPageViews }) => trackPageViews(router)).catch(() => undefined);
}

/** How long a page the browser draws waits for its font's files (cached ones arrive in a few milliseconds). */
const FONT_WAIT_MS = 300;

/**
 * A page only the browser draws (every logged-in page): the interface's language and the page's own chunks in
 * parallel, then the page — one round trip instead of two before a slow phone starts the page's reads.
 */
async function renderInBrowser() {
  // The page's own reads travel beside its code and language (a student's pages; early-reads.ts).
  startEarlyReads(window.location, initialLocale());
  const routes = appRoutes(PAGES);
  // The interface's language before any page (a Hindi reader's catalog is its own chunk), so none shows English
  // first; the matched pages are loaded as React Router's lazy loading would, only without waiting for the render.
  // A chunk that fails here is left to the router, which loads it again and shows its own error (reloads.ts).
  await Promise.all([
    startI18n(),
    loadMatchedRoutes(routes, window.location.pathname).catch(() => undefined),
    // The reader's font, if the browser has it, before the first text is set (fonts.ts says why).
    import('./app/fonts')
      .then(({ fontFacesReady }) => fontFacesReady(readSession()?.font, FONT_WAIT_MS))
      .catch(() => undefined),
  ]);
  const router = createAppRouter(PAGES, routes);
  afterFirstPage(router);
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <Root>
        <RouterProvider router={router} />
      </Root>
    </StrictMode>,
  );
}

/**
 * A public page the server drew (decision 071): the same language and the same page components first, so React
 * takes the HTML over instead of drawing it again; then the reader's own language if it is another.
 */
async function hydrateDrawnPage(drawnIn: Locale, queries: unknown, parts: readonly string[]) {
  const routes = appRoutes(PAGES);
  const [{ AfterTakeOver, replayTyped, typedFields }] = await Promise.all([
    import('./app/take-over'),
    startI18nAs(drawnIn),
    loadMatchedRoutes(routes, window.location.pathname),
  ]);
  // The parts the drawing holds whose code loads on demand, and their messages: the whole page is taken over in one
  // pass, so nothing the reader changes meanwhile (the language) meets a part still as the server drew it.
  await loadDrawnParts(parts);
  const router = createAppRouter(PAGES, routes);
  afterFirstPage(router);
  if (!container) return;
  // The page's data as the server drew it, so the first render matches the HTML; marked stale, so each read is asked
  // again once its page mounts (a drawing may be a minute old).
  if (queries && typeof queries === 'object') {
    hydrate(queryClient, queries as DehydratedState);
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }
  // Hydration sets every field to its state: what the visitor typed meanwhile is given back right after.
  const typed = typedFields(container);
  // React has the page: what was typed goes back into it, and the document says so (the journeys wait for it).
  const tookOver = () => {
    replayTyped(typed);
    document.documentElement.dataset.hydrated = '';
  };
  // Not in a transition: its gain in blocking time was within the noise of a shared machine (decision 071).
  hydrateRoot(
    container,
    <StrictMode>
      <Root>
        <RouterProvider router={router} />
        <AfterTakeOver run={tookOver} />
      </Root>
    </StrictMode>,
  );
  if (initialLocale() !== currentLocale()) await startI18n();
}
