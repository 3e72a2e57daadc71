import { DEMO_ROUTE_PREFIX } from '@vigil/contracts';
import { createBrowserRouter, Outlet } from 'react-router';
import { MobileHeaderProvider } from '../shared/platform/mobile-header.tsx';
import { DemoShell } from './demo/DemoShell.tsx';
import { buildRoutes } from './routes/build-routes.tsx';
import { FLAT_ROUTES } from './routes/flat-routes.ts';

/** The whole route tree: the demo shell under /demo with the demo-flagged routes, and every route of the table. */
export const createRouter = () =>
  createBrowserRouter([
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
            true,
          ),
        },
        ...buildRoutes(FLAT_ROUTES, false),
      ],
    },
  ]);
