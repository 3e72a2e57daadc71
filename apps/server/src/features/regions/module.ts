import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Core } from '../../shared/core.ts';
import { type PartnerDirectory, RegionsService } from './regions-service.ts';
import { regionRoutes } from './routes.ts';

/** Partners' and support's views across regions (decision 0618), through the other regions' APIs. */
export function createRegions(d: Core & { directory: PartnerDirectory; fetch?: typeof fetch }) {
  const regions = new RegionsService({
    region: d.config.REGION,
    peers: d.config.REGION_MAP,
    secret: d.config.REGION_PEER_SECRET,
    directory: d.directory,
    log: d.log,
    now: d.now,
    fetch: d.fetch,
  });
  const routes: FeatureRoutes = (app) => app.register(regionRoutes, { regions });
  return { regions, routes };
}
