import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { NotificationSettingsRepository } from './notification-settings-repository.ts';
import { NotificationSettingsService } from './notification-settings-service.ts';
import { notificationSettingsRoutes } from './routes.ts';

/** Builds the notification-settings feature: each person's notifications per camera (decision 0707). */
export function createNotificationSettings(d: {
  db: Db;
  now: () => number;
  cameras: { access: CameraAccess };
  accounts: AccountAccess;
}) {
  const settings = new NotificationSettingsService({
    cameras: d.cameras.access,
    accounts: d.accounts,
    repo: new NotificationSettingsRepository(d.db),
    now: d.now,
  });
  const routes: FeatureRoutes = (app) => app.register(notificationSettingsRoutes, { settings });
  return { settings, routes };
}
