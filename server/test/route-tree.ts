import type { App } from '../http/app-type';

/**
 * Every route of the built app as "METHOD /path", read from the router itself: Fastify offers no route
 * enumeration after `ready()` and an `onRoute` hook would have to be added inside buildApp, so we parse
 * `printRoutes()` (the router's radix tree, one node per line, children indented by 4 characters, methods in
 * parentheses) and rebuild each full path by concatenating the segments on the way down.
 * `commonPrefix: false` is not used: it prints `/api/files/*` as a bare `*`.
 */
export function routesFromTree(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1].length / 4;
    stack.length = depth;
    stack.push(node[2]);
    for (const method of node[3]?.split(', ') ?? []) found.push(`${method} ${stack.join('')}`);
  }
  return found;
}

export interface ApiRoute {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  path: string;
}

/** The app's /api routes, each confirmed with `app.hasRoute` so a parsing slip cannot pass silently. */
export function apiRoutes(app: App): ApiRoute[] {
  const routes = routesFromTree(app.printRoutes())
    .map((route) => {
      const [method, path] = route.split(' ');
      return { method: method as ApiRoute['method'], path };
    })
    .filter((route) => route.path.startsWith('/api/'));
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method, url: route.path })) {
      throw new Error(
        `printRoutes() parsed into a route the app does not have: ${route.method} ${route.path}`,
      );
    }
  }
  return routes;
}
