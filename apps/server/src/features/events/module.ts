import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { EventsRepository } from './events-repository.ts';
import { EventsService } from './events-service.ts';
import { eventRoutes } from './routes.ts';

/** Builds the events feature's routes (the motion sink writes events through ./motion-events.ts). */
export function createEvents(d: { db: Db; access: AccountAccess; now: () => number }): {
  routes: FeatureRoutes;
} {
  const events = new EventsService(new EventsRepository(d.db), d.access, d.now);
  return { routes: (app) => app.register(eventRoutes, { events }) };
}
