import {
  PpeCamerasQuery,
  PpeCamerasResponse,
  PpeConfigBody,
  PpeConfigParams,
  PpeConfigResponse,
  PpeCountsResponse,
  PpeViolationsQuery,
  PpeViolationsResponse,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { PpeService } from './ppe-service.ts';

/** The PPE check (decision 0871): violations, their counts per zone, the per-camera switch and safety zones. */
export async function ppeRoutes(app: FastifyInstance, d: { ppe: PpeService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/ppe/violations',
    { schema: { querystring: PpeViolationsQuery, response: { 200: PpeViolationsResponse } } },
    (req) => d.ppe.violations(callerOf(req), req.query),
  );
  r.get(
    '/ppe/counts',
    { schema: { querystring: PpeViolationsQuery, response: { 200: PpeCountsResponse } } },
    (req) => d.ppe.counts(callerOf(req), req.query),
  );
  r.get(
    '/ppe/cameras',
    { schema: { querystring: PpeCamerasQuery, response: { 200: PpeCamerasResponse } } },
    (req) => d.ppe.ppeCameras(callerOf(req), req.query.uidd),
  );
  r.get(
    '/camera/:owner/:device/config/ppe',
    { schema: { params: PpeConfigParams, response: { 200: PpeConfigResponse } } },
    (req) => d.ppe.config(callerOf(req), req.params.owner, req.params.device),
  );
  r.put(
    '/camera/:owner/:device/config/ppe',
    { schema: { params: PpeConfigParams, body: PpeConfigBody, response: { 200: PpeConfigResponse } } },
    (req) => d.ppe.setConfig(callerOf(req), req.params.owner, req.params.device, req.body),
  );
}
