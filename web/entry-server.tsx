// Before any schema module is evaluated (see the file).
import './app/zod-config';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { CatalogCourse } from '../common/contracts/catalog';
import { type Catalog, titleKey } from '../common/i18n/catalog';
import type { Locale } from '../common/i18n/locales';
import { PRODUCT_NAME, pageTitle } from '../common/routes';
import { SERVER_DRAWN_PATHS } from '../common/server-drawn';
import { answerReadsOnServer } from './app/api';
import { installCatalog, loadCatalog, t } from './app/i18n';
import { drawingParts } from './app/lazy-part';
import { Root } from './app/root';
import { appRoutes, loadMatchedRoutes } from './app/router';
import { catalogCourseQuery } from './features/catalog/api';
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
  /** The address search engines should keep for it: the path, and the course of a course's page. */
  canonicalPath: string;
  /** The course a course's public page shows (its link preview and structured data), else null. */
  course: CatalogCourse | null;
  locale: Locale;
  /** The data it was drawn with (TanStack Query's dehydrated state), for the browser to start from. */
  queries: unknown;
  /** The parts loaded on demand it holds, for the browser to load before taking it over (app/lazy-part.tsx). */
  parts: string[];
}

/** The server's own answer to a read the page makes (`/api/...` with its query), as a visitor without a session. */
export type ServerRead = (url: string, locale: Locale) => Promise<Response>;

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
 * logged-in page, an unknown path, a redirect). `read` answers the page's data requests.
 */
export function drawPage(url: string, locale: Locale, read?: ServerRead): Promise<DrawnPage | null> {
  const drawing = queue.then(() => drawNow(url, locale, read));
  queue = drawing.catch(() => undefined);
  return drawing;
}

async function drawNow(url: string, locale: Locale, read?: ServerRead): Promise<DrawnPage | null> {
  const address = new URL(url, ORIGIN);
  if (address.origin !== ORIGIN || !SERVER_DRAWN_PATHS.has(address.pathname)) return null;
  const handler = await prepare();
  installCatalog(locale, await catalogOf(locale));
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const course = read ? await readCourse(address, client, (readUrl) => read(readUrl, locale)) : null;
  const draw = () =>
    drawingParts(() => drawHtml(createStaticRouter(handler.dataRoutes, context), context, client));
  let { drawn: html, parts } = await draw();
  // The reads the page asked for while drawn are answered here, and the page drawn again with their data, so it
  // arrives whole: no loading state to replace, nothing that moves (a read refused to a visitor stays loading).
  // Reads marked browser-only (the visitor's time zone, session storage) stay for the browser to make.
  const asked = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.meta?.browserOnly !== true);
  if (read && asked.length > 0) {
    answerReadsOnServer((readUrl) => read(readUrl, locale));
    try {
      await Promise.all(
        asked.map((query) =>
          client.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn }),
        ),
      );
    } finally {
      answerReadsOnServer(null);
    }
    ({ drawn: html, parts } = await draw());
  }
  return {
    html,
    title: course
      ? `${course.title} | ${PRODUCT_NAME}`
      : pageTitle(address.pathname, (name) => t(titleKey(name))),
    description: course ? course.description : t('home.lead'),
    canonicalPath: course ? `${address.pathname}?courseId=${course.id}` : address.pathname,
    course,
    locale,
    queries: dehydrate(client),
    parts,
  };
}

/** The pages of one course open to anyone: its drawer in the catalogue, and its previews. */
const COURSE_PAGES = new Set(['/explore-course', '/preview-video']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A course's page reads its course first: its title and description name the page for search engines and link
 * previews, and the browser starts with it (the catalogue's drawer opens with no wait). An unknown or hidden
 * course leaves the page as it is for any visitor.
 */
async function readCourse(
  address: URL,
  client: QueryClient,
  read: (url: string) => Promise<Response>,
): Promise<CatalogCourse | null> {
  const id = address.searchParams.get('courseId');
  if (!COURSE_PAGES.has(address.pathname) || !id || !UUID.test(id)) return null;
  answerReadsOnServer(read);
  try {
    await client.prefetchQuery(catalogCourseQuery(id));
  } finally {
    answerReadsOnServer(null);
  }
  return client.getQueryData<CatalogCourse>(catalogCourseQuery(id).queryKey) ?? null;
}

/** One drawing of the page, whole: `prerenderToNodeStream` waits for every part loaded on demand. */
async function drawHtml(
  router: ReturnType<typeof createStaticRouter>,
  context: Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>,
  client: QueryClient,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Root client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Root>
    </StrictMode>,
    // Never outlined: React sends a large part loaded on demand after its fallback, revealed by an inline script,
    // which the CSP forbids (and a browser without scripts would never show).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // Decoded as a stream: a chunk may end inside a character (Devanagari is three bytes a letter).
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}
