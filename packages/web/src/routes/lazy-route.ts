// Route-level code splitting (issue 20 item 5). A page's code (loader, action, component, head) sits in its
// own chunk behind a dynamic import; the route table keeps only each route's place (path, id, children),
// which React Router needs before the code arrives. Each stub names its module as Vite's manifest keys it
// (`src/routes/...`), so the server render can modulepreload exactly the chunks of the page it rendered,
// and the browser loads them before hydrating (entry-client.tsx). js-budget.test.ts checks every named
// module is a chunk of the build.

import type { RouteObject } from 'react-router';

/** The manifest key of the module holding a lazy route's code, read by the server render. */
export const ROUTE_MODULE = 'routeModule';

export type RouteWithModule = RouteObject & { [ROUTE_MODULE]?: string };

/** What a route's place is made of: React Router refuses these from `lazy`. */
type Place = Pick<RouteObject, 'id' | 'path' | 'caseSensitive'> & { index?: boolean; children?: RouteObject[] };

/** The parts of a loaded route that `lazy` may hand over (its place stays the stub's). */
function codeOf(route: RouteObject | undefined, where: string): Omit<RouteObject, keyof Place | 'lazy'> {
  if (!route) throw new Error(`No route at ${where} in its module`);
  const { id, path, index, children, caseSensitive, lazy, ...code } = route;
  return code;
}

/** A route whose code is `load()`'s route, from the module `module` (its manifest key). */
export function lazyRoute(module: string, place: Place, load: () => Promise<RouteObject>): RouteObject {
  const route = {
    ...place,
    [ROUTE_MODULE]: module,
    lazy: async () => codeOf(await load(), place.path ?? place.id ?? 'index'),
  } as RouteWithModule;
  return route as RouteObject;
}

/**
 * Routes whose code comes from one module that builds several at once (`load()`), each found there by its
 * path: a path the module does not have fails loudly, so the table and the module cannot drift apart.
 */
export function lazyRoutes(module: string, paths: string[], load: () => Promise<RouteObject[]>): RouteObject[] {
  return paths.map((path) =>
    lazyRoute(module, { path }, async () => (await load()).find((r) => r.path === path) as RouteObject),
  );
}
