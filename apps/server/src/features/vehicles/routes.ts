import {
  EventVehiclesParams,
  EventVehiclesQuery,
  LprCamerasQuery,
  LprCamerasResponse,
  LprConfigBody,
  LprConfigParams,
  LprConfigResponse,
  SightingsQuery,
  SightingsResponse,
  VehicleCount,
  VehicleCountsQuery,
  VehicleRecord,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { VehiclesService } from './vehicles-service.ts';

/** Vehicle analytics (decision 0791): spec 001 §7's event vehicles, the plate log, the LPR add-on's switch. */
export async function vehicleRoutes(app: FastifyInstance, d: { vehicles: VehiclesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/events/:uid/:deviceid/:eventId/analytics/vehicles',
    {
      schema: {
        params: EventVehiclesParams,
        querystring: EventVehiclesQuery,
        response: { 200: z.array(VehicleRecord) },
      },
    },
    (req) => d.vehicles.eventVehicles(callerOf(req), req.params.uid, req.params.deviceid, req.params.eventId),
  );
  r.get(
    '/vehicles/sightings',
    { schema: { querystring: SightingsQuery, response: { 200: SightingsResponse } } },
    (req) => d.vehicles.sightings(callerOf(req), req.query),
  );
  r.get(
    '/vehicles/counts',
    { schema: { querystring: VehicleCountsQuery, response: { 200: z.array(VehicleCount) } } },
    (req) => d.vehicles.counts(callerOf(req), req.query),
  );
  r.get(
    '/vehicles/lpr-cameras',
    { schema: { querystring: LprCamerasQuery, response: { 200: LprCamerasResponse } } },
    (req) => d.vehicles.lprCameras(callerOf(req), req.query.uidd),
  );
  r.get(
    '/camera/:owner/:device/config/lpr',
    { schema: { params: LprConfigParams, response: { 200: LprConfigResponse } } },
    (req) => d.vehicles.lpr(callerOf(req), req.params.owner, req.params.device),
  );
  r.put(
    '/camera/:owner/:device/config/lpr',
    { schema: { params: LprConfigParams, body: LprConfigBody, response: { 200: LprConfigResponse } } },
    (req) => d.vehicles.setLpr(callerOf(req), req.params.owner, req.params.device, req.body.enabled),
  );
}
