import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import { LicencesService, type PaidPlan } from './licences-service.ts';
import { licencesRoutes } from './routes.ts';

/** Builds the licences feature: what each account may use, and the checks of the writes that would exceed it. */
export function createLicences(d: {
  users: UserDirectory;
  cameras: CameraSettings;
  access: AccountAccess;
  plan?: PaidPlan;
}) {
  const licences = new LicencesService(d);
  const routes: FeatureRoutes = (app) => app.register(licencesRoutes, { licences });
  return { licences, routes };
}
