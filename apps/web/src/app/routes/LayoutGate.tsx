import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { type FlatRoute, routeAccess } from '../../shared/routing/access.ts';
import { useAccessContext, useShell } from '../../shared/routing/shell.tsx';
import type { LayoutKind } from '../../shared/routing/types.ts';
import { DemoFallback } from '../demo/DemoFallback.tsx';
import { Frame } from '../layouts/Frame.tsx';
import { NotFoundPage } from '../layouts/NotFoundPage.tsx';
import { LoggedInRedirect } from './LoggedInRedirect.tsx';

export interface RouteHandle {
  route: FlatRoute;
}

/**
 * Applies the access rules of spec 000 §2 and §6 to the matched route before its layout renders, so a page is
 * never drawn for someone who may not see it. `routes` are its children (`base`: the demo's prefix they sit under):
 * the one matching the location is the route shown (the declarative router has no `useMatches`).
 */
export function LayoutGate({
  layout,
  routes,
  base,
}: {
  layout: LayoutKind;
  routes: RouteObject[];
  base?: string;
}) {
  const ctx = useAccessContext();
  const location = useLocation();
  const matches = matchRoutes(routes, location, base);
  const route = (matches?.at(-1)?.route.handle as RouteHandle | undefined)?.route;
  if (!route) return <NotFound />;
  const access = routeAccess(route, ctx);
  switch (access.kind) {
    case 'allow':
      return (
        <Frame layout={layout}>
          <Outlet />
        </Frame>
      );
    case 'signIn':
      return <Navigate to={paths.signIn} replace state={{ from: location.pathname + location.search }} />;
    case 'redirectLoggedIn':
      return <LoggedInRedirect />;
    case 'forceGetStarted':
      return <Navigate to={`${paths.getStarted}?type=enduser`} replace />;
    case 'notFound':
      return <NotFound />;
  }
}

/** Not found: the demo's fallback page, the app frame when signed in, the site frame with a 404 otherwise. */
export function NotFound() {
  const { demo } = useShell();
  const ctx = useAccessContext();
  if (demo)
    return (
      <Frame layout="app">
        <DemoFallback />
      </Frame>
    );
  return (
    <Frame layout={ctx.session ? 'app' : 'headerFooter'}>
      <NotFoundPage />
    </Frame>
  );
}
