import type { FastifyInstance } from 'fastify';
import './route-config.ts';

/** One entry per method and path the server answers: the access tests are generated from it. */
export interface RouteInfo {
  method: string;
  url: string;
  auth: 'required' | 'optional' | 'none';
  demoAllowed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

/** Records every route as it is added (app.routeTable); first, so no route escapes it. */
export function useRouteTable(app: FastifyInstance): void {
  const routeTable: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      routeTable.push({
        method,
        url: r.url,
        // Read when asked: a plugin's own onRoute hook (web app, API docs) may set its routes' config after this one.
        get auth() {
          return r.config?.auth ?? 'required';
        },
        demoAllowed: r.config?.demoAllowed ?? false,
      });
    }
  });
  app.decorate('routeTable', routeTable);
}
