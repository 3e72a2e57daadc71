import type { FastifyBaseLogger } from 'fastify';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CameraLookup } from '../recording/directory-source.ts';
import { LicencesService, type PaidPlan } from './licences-service.ts';
import { RetentionReview } from './retention-review.ts';
import { licencesRoutes } from './routes.ts';

/** Builds the licences feature: what each account may use, and the checks of the writes that would exceed it. */
export function createLicences(d: {
  users: UserDirectory;
  cameras: CameraSettings;
  access: AccountAccess;
  plan?: PaidPlan;
  /** The cameras as stored, and the mail: the retention review (decision 0717). */
  stored: Pick<CameraLookup, 'installed'>;
  mailer: Pick<Mailer, 'send'>;
  log: FastifyBaseLogger;
}) {
  const licences = new LicencesService(d);
  const review = new RetentionReview({
    cameras: d.stored,
    settings: d.cameras,
    licences,
    mailer: d.mailer,
    emailOf: (uid) => d.users.emailOf(uid),
    log: d.log,
  });
  const routes: FeatureRoutes = (app) => app.register(licencesRoutes, { licences });
  return { licences, review, routes };
}
