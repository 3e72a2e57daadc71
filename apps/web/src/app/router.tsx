import { DEMO_ROUTE_PREFIX } from '@vigil/contracts';
import { Outlet, useRoutes } from 'react-router';
import { MobileHeaderProvider } from '../shared/platform/mobile-header.tsx';
import { DemoShell } from './demo/DemoShell.tsx';
import { buildRoutes } from './routes/build-routes.tsx';
import { FLAT_ROUTES } from './routes/flat-routes.ts';

/**
 * The whole route tree: the demo shell under /demo with the demo-flagged routes, and every route of the table.
 * Declarative routes (`useRoutes` under a BrowserRouter), not a data router: the app uses no loaders or actions, and
 * the data router's code was 15 KB (brotli) of every page's first load (decision 0763).
 */
const TREE = [
  {
    element: (
      <MobileHeaderProvider>
        <Outlet />
      </MobileHeaderProvider>
    ),
    children: [
      {
        path: DEMO_ROUTE_PREFIX,
        element: <DemoShell />,
        children: buildRoutes(
          FLAT_ROUTES.filter((r) => r.demo),
          DEMO_ROUTE_PREFIX,
        ),
      },
      ...buildRoutes(FLAT_ROUTES),
    ],
  },
];

/** The routes, rendered inside App's BrowserRouter. */
export function AppRoutes() {
  return useRoutes(TREE);
}
