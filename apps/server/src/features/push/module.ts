import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { VapidKeys } from '../bootstrap/vapid.ts';
import { PushRepository } from './push-repository.ts';
import { PushService } from './push-service.ts';
import { pushRoutes } from './routes.ts';

/** Builds the web push feature (decision 0713): subscriptions and sending. */
export function createPush(d: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  keys: () => Promise<VapidKeys>;
  supportEmail: string;
}) {
  const push = new PushService({
    repo: new PushRepository(d.db),
    keys: d.keys,
    subject: `mailto:${d.supportEmail}`,
    log: d.log,
    now: d.now,
  });
  const routes: FeatureRoutes = (app) => app.register(pushRoutes, { push });
  return { push, routes };
}
