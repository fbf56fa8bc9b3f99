// Before any schema module is evaluated (see the file).
import './app/zod-config';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Catalog } from '../common/i18n/catalog';
import type { Locale } from '../common/i18n/locales';
import { pageTitle } from '../common/routes';
import { SERVER_DRAWN_PATHS } from '../common/server-drawn';
import { installCatalog, loadCatalog, t } from './app/i18n';
import { Root } from './app/root';
import { appRoutes, loadMatchedRoutes } from './app/router';
import { PAGES } from './pages';

/**
 * The server's drawing of the public pages (decision 071), built by Vite into web/dist/.server/ and called by
 * server/http/server-drawn-pages.ts. The same route tree, pages and theme as the browser's, so React in the
 * browser takes the HTML over (hydrates) instead of drawing it again.
 */

/** What a drawn page puts into index.html. */
export interface DrawnPage {
  /** The page inside the root element. */
  html: string;
  title: string;
  description: string;
  locale: Locale;
}

const ORIGIN = 'http://gurukul.local';

/** Every drawn page's route module loaded once: each feature registers its catalogs as its page loads. */
let prepared: Promise<ReturnType<typeof createStaticHandler>> | undefined;

function prepare() {
  prepared ??= (async () => {
    const routes = appRoutes(PAGES);
    for (const path of SERVER_DRAWN_PATHS) await loadMatchedRoutes(routes, path);
    return createStaticHandler(routes);
  })();
  return prepared;
}

/** Each language's catalog, loaded once (after every drawn page's feature registered its own). */
const catalogs = new Map<Locale, Promise<Catalog>>();

function catalogOf(locale: Locale): Promise<Catalog> {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = loadCatalog(locale);
    catalogs.set(locale, catalog);
  }
  return catalog;
}

/** One drawing at a time: the language is the module's (web/app/i18n.ts), so two drawings must not overlap. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The HTML of a public page at `url` (path and query) in `locale`, or null when the browser draws this one (a
 * logged-in page, an unknown path, a redirect).
 */
export function drawPage(url: string, locale: Locale): Promise<DrawnPage | null> {
  const drawing = queue.then(() => drawNow(url, locale));
  queue = drawing.catch(() => undefined);
  return drawing;
}

async function drawNow(url: string, locale: Locale): Promise<DrawnPage | null> {
  const address = new URL(url, ORIGIN);
  if (address.origin !== ORIGIN || !SERVER_DRAWN_PATHS.has(address.pathname)) return null;
  const handler = await prepare();
  installCatalog(locale, await catalogOf(locale));
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Waits for every part loaded on demand (the home page's course shelf), so the HTML is the whole page and the
  // browser hydrates it all; data the page fetches is drawn as its loading state, the size of what replaces it.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Root client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Root>
    </StrictMode>,
  );
  // Decoded as a stream: a chunk may end inside a character (Devanagari is three bytes a letter).
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  return { html, title: pageTitle(address.pathname), description: t('home.lead'), locale };
}
