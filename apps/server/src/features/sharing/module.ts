import type { Db } from '@vigil/db';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { CameraRows } from '../access/ports.ts';
import { shareRoutes } from './routes.ts';
import { ShareRepository } from './share-repository.ts';
import { ShareService } from './share-service.ts';
import { ShareTokens } from './share-tokens.ts';

/** Builds the share links feature (decision 0013): the service recordings check links with, and its routes. */
export function createSharing(d: {
  db: Db;
  secret: string;
  access: AccountAccess;
  cameraRows: Pick<CameraRows, 'find'>;
  config: Pick<Config, 'SHARE_LOOKUPS_MAX_PER_IP_PER_MIN'>;
  now: () => number;
}) {
  const shares = new ShareService({
    links: new ShareRepository(d.db),
    tokens: new ShareTokens(d.secret),
    access: d.access,
    cameraAddedAt: async (uidd) => (await d.cameraRows.find(uidd))?.created_at,
    now: d.now,
  });
  const routes: FeatureRoutes = (app) =>
    app.register(shareRoutes, { shares, lookupsPerIpPerMin: d.config.SHARE_LOOKUPS_MAX_PER_IP_PER_MIN });
  return { shares, routes };
}
