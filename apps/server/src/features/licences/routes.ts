import { Licences, LicencesParams } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { LicencesService } from './licences-service.ts';

/** Spec 001 §7, 000 §7 `GET /account/{id}/licenses`. */
export async function licencesRoutes(app: FastifyInstance, d: { licences: LicencesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/account/:id/licenses', { schema: { params: LicencesParams, response: { 200: Licences } } }, (req) =>
    d.licences.get(callerOf(req), req.params.id),
  );
}
