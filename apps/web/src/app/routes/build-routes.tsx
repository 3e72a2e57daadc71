import { Navigate, type RouteObject, useLocation } from 'react-router';
import { outOfShell } from '../../shared/config/paths.ts';
import type { FlatRoute } from '../../shared/routing/access.ts';
import { sectionFallback } from '../../shared/routing/match.ts';
import { useShellPath } from '../../shared/routing/shell.tsx';
import type { LayoutKind } from '../../shared/routing/types.ts';
import { LayoutGate, NotFound, type RouteHandle } from './LayoutGate.tsx';
import { RouteElement } from './RouteElement.tsx';

const LAYOUTS: readonly LayoutKind[] = ['fullscreen', 'none', 'headerFooter', 'app'];

/**
 * React Router routes from the route table: one pathless route per layout kind (its element is the access gate),
 * each route's path and extra paths under it, and a catch-all for unknown paths. `base` (the demo's prefix) builds
 * the tree the demo shell mounts there, with paths relative to it.
 */
export function buildRoutes(routes: readonly FlatRoute[], base?: string): RouteObject[] {
  const relative = base !== undefined;
  const at = (p: string) => (relative ? p.replace(/^\//, '') : p);
  return [
    ...LAYOUTS.map((layout): RouteObject => {
      const children = routes
        .filter((r) => r.layout === layout)
        .flatMap((route) =>
          [route.path, ...(route.aliases ?? [])].map(
            (path): RouteObject => ({
              ...(relative && path === '/' ? { index: true } : { path: at(path) }),
              element: <RouteElement route={route} />,
              handle: { route } satisfies RouteHandle,
            }),
          ),
        );
      return { element: <LayoutGate layout={layout} routes={children} base={base} />, children };
    }),
    { path: '*', element: <Unknown routes={routes} /> },
  ];
}

/**
 * Unknown paths: inside a paged section, its default (keeping the query); elsewhere, not found (spec 000 §2).
 * Only among the routes served here: a section the demo does not serve (/demo/manage-plan/...) is like any other
 * path to it, the demo's fallback page (it used to redirect to a default the demo does not serve, which came back
 * here: an empty page).
 */
function Unknown({ routes }: { routes: readonly FlatRoute[] }) {
  const location = useLocation();
  const link = useShellPath();
  const fallback = sectionFallback(routes, outOfShell(location.pathname));
  if (fallback) return <Navigate to={link(fallback) + location.search} replace />;
  return <NotFound />;
}
