import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { InProcessBus, type RealtimeBus } from './bus.ts';
import { realtimeRoutes } from './routes.ts';

/** Builds the realtime stream (SSE): the bus every feature publishes on, in-process unless one is given. */
export function createRealtime(d: {
  bus: RealtimeBus | undefined;
  access: AccountAccess;
  seriesLive: (seriesId: string) => Promise<boolean>;
  recheckMs: number | undefined;
}): { bus: RealtimeBus; routes: FeatureRoutes } {
  const bus = d.bus ?? new InProcessBus();
  return {
    bus,
    routes: (app) =>
      app.register(realtimeRoutes, {
        bus,
        access: d.access,
        seriesLive: d.seriesLive,
        recheckMs: d.recheckMs,
      }),
  };
}
