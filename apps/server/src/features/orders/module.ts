import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { RecordingsService } from '../recordings/recordings-service.ts';
import { OrderAccess } from './order-access.ts';
import { OrderImport } from './order-import.ts';
import { OrdersRepository } from './orders-repository.ts';
import { OrdersService, type RecordedIn } from './orders-service.ts';
import { orderRoutes } from './routes.ts';
import { TakeawaySettingsService } from './takeaway-settings.ts';
import { orderWebhookRoutes } from './webhook-routes.ts';

/**
 * Builds the takeaway orders feature (decisions 0840–0842): the account access module, the till camera through
 * `CameraAccess`, its footage through the recordings feature's sessions, dispute notes' authors through auth.
 */
export function createOrders(
  core: { db: Db; now: () => number },
  accounts: AccountAccess,
  cameras: CameraAccess,
  recordings: Pick<RecordingsService, 'sessions'>,
  users: Pick<UserDirectory, 'emailOf'>,
): { routes: FeatureRoutes } {
  const d = { ...core, accounts, cameras, recordings, users };
  const repo = new OrdersRepository(d.db);
  const access = new OrderAccess(d.accounts);
  const imports = new OrderImport({ repo, now: d.now });
  const recorded: RecordedIn = async (caller, uidd, fromMs, toMs) => {
    const q = { uidd: [uidd], startAfter: fromMs, startBefore: toMs, stream: 'main' as const };
    return (await d.recordings.sessions(caller, q)).cameras.some((c) => c.sessions.length > 0);
  };
  const emailOf = (uid: string) => d.users.emailOf(uid);
  const orders = new OrdersService({ repo, access, recorded, emailOf, now: d.now });
  const settings = new TakeawaySettingsService({ repo, access, cameras: d.cameras, now: d.now });
  return {
    routes: async (app) => {
      await app.register(orderRoutes, { orders, settings });
      await app.register(orderWebhookRoutes, { imports });
    },
  };
}
