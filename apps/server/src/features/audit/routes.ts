import { AuditPage, AuditParams, AuditQuery } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { AuditLog } from './audit-log.ts';

/** GET /account/:uid/audit (ours, decision 0506): the account's audit log, newest first, keyset-paged. */
export async function auditRoutes(app: FastifyInstance, d: { audit: AuditLog }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account/:uid/audit',
    { schema: { params: AuditParams, querystring: AuditQuery, response: { 200: AuditPage } } },
    (req) => d.audit.list(callerOf(req), req.params.uid, req.query),
  );
}
