import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { AuditLog } from './audit-log.ts';
import { AuditRepository } from './audit-repository.ts';
import { auditRoutes } from './routes.ts';

/** Builds the account audit log (app.services.audit) and its route. */
export function createAudit(d: { db: Db; access: AccountAccess }) {
  const log = new AuditLog(new AuditRepository(d.db), d.access);
  const routes: FeatureRoutes = (app) => app.register(auditRoutes, { audit: log });
  return { log, routes };
}
