import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ROUTES, type RouteMeta } from '../../common/routes';
import { NotBuiltYet } from '../components/not-built-yet';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { catalogsReady } from './i18n';
import { RootLayout } from './layout/root-layout';
import { registerNavigate } from './navigation-bridge';

export const LAZY_TIMEOUT_MS = 30_000;

/** Each path's page, loaded on demand (web/pages.ts lists them). */
export type PageImporters = Record<string, () => Promise<{ default: ComponentType }>>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the page timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function pageRoute(pages: PageImporters, meta: RouteMeta): RouteObject {
  const importer = pages[meta.path];
  const path = meta.path === '/' ? undefined : meta.path.slice(1);
  const base = { handle: meta, ...(path ? { path } : { index: true as const }) };
  if (!importer) return { ...base, element: <NotBuiltYet /> };
  return {
    ...base,
    lazy: async () => {
      const module = await withTimeout(importer(), LAZY_TIMEOUT_MS);
      // The page's feature registered its catalogs as it loaded; in Hindi, its first paint waits for them.
      await withTimeout(catalogsReady(), LAZY_TIMEOUT_MS);
      return { Component: module.default };
    },
  };
}

const isAppRoute = (meta: RouteMeta) => typeof meta.access !== 'string';

/**
 * The two layouts load with the route like its page (React Router loads a match's lazy routes in parallel):
 * a visitor of a public page never downloads the logged-in shell (side navigation, profile menu, message
 * indicators), and a logged-in user never downloads the public header's drawer.
 */
const lazyPublicLayout = async () => ({
  Component: (await withTimeout(import('./layout/public-layout'), LAZY_TIMEOUT_MS)).PublicLayout,
});
const lazyAppLayout = async () => ({
  Component: (await withTimeout(import('./layout/app-layout'), LAZY_TIMEOUT_MS)).AppLayout,
});

/** The route tree over the route table, with the pages the composition root gives it: the browser's and the server's. */
export function appRoutes(pages: PageImporters): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          lazy: lazyPublicLayout,
          children: ROUTES.filter((meta) => !isAppRoute(meta)).map((meta) => pageRoute(pages, meta)),
        },
        { lazy: lazyAppLayout, children: ROUTES.filter(isAppRoute).map((meta) => pageRoute(pages, meta)) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * Loads the lazy routes that match a path and puts what they return on the route objects, as React Router's
 * own lazy loading does: a page the server drew is hydrated at once with the same components, never through the
 * loading fallback (which would not match the server's HTML).
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** The app's router over the route table (routes given when the server's page is being hydrated). */
export function createAppRouter(pages: PageImporters, routes: RouteObject[] = appRoutes(pages)) {
  const router = createBrowserRouter(routes);
  registerNavigate((to) => void router.navigate(to));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
