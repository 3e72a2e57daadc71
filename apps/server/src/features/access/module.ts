import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import { AccountAccess } from './account-access.ts';
import type { AuditWriter, DistributorOf, InstallerOf, Memberships } from './ports.ts';
import { SupportConsent } from './support-consent.ts';
import { SupportGrantsRepository } from './support-grants-repository.ts';
import { supportAccessRoutes } from './support-routes.ts';
import { SupportViewAudit } from './support-views.ts';

/**
 * Builds the access module (decision 0010): who may do what on an account. Support's consent writes the audit
 * log, which itself asks access who may read it; so the support part is built in a second step, once the log is.
 */
export function createAccess(d: {
  db: Db;
  memberships: Memberships;
  now: () => number;
  installerOf?: InstallerOf;
  /** The distributor above it: it may choose the customer's plan (decision 0854). */
  distributorOf?: DistributorOf;
  /** The demo account's uid: its cameras are the free partner demo of installers and distributors (0721). */
  demoAccount?: () => Promise<string | undefined>;
}) {
  const grants = new SupportGrantsRepository(d.db);
  const accounts = new AccountAccess(
    d.memberships,
    grants,
    d.now,
    d.installerOf,
    d.demoAccount,
    d.distributorOf,
  );
  return {
    accounts,
    /** Support's consent (decision 0017) and the record of what support looked at, written to `audit`. */
    support(audit: AuditWriter) {
      const consent = new SupportConsent({ grants, access: accounts, audit, now: d.now });
      const routes: FeatureRoutes = (app) => app.register(supportAccessRoutes, { consent });
      return { views: new SupportViewAudit(audit, d.now), routes };
    },
  };
}
