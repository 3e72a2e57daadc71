import {
  ScheduleBatch,
  ScheduleBody,
  ScheduleEntryParams,
  ScheduleReplaceBody,
  ScheduleTimeParams,
  ScheduleUserParams,
  UiddListQuery,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { SchedulesService } from './schedules-service.ts';

const response = { 200: ScheduleBatch };

/** Spec 001 §7 Schedules, 000 §7 `GET /schedule/{id}`. */
export async function scheduleRoutes(
  app: FastifyInstance,
  d: { schedules: SchedulesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/schedule/:id',
    { schema: { params: ScheduleUserParams, querystring: UiddListQuery, response } },
    (req) => d.schedules.list(callerOf(req), req.params.id, req.query.uidds),
  );
  r.post(
    '/schedule/:x/:category/:local_time/:action',
    { schema: { params: ScheduleEntryParams, body: ScheduleBody, response } },
    (req) => d.schedules.put(callerOf(req), req.params, req.body),
  );
  r.put(
    '/schedule/:x/:category/:local_time/:action',
    { schema: { params: ScheduleEntryParams, body: ScheduleReplaceBody, response } },
    (req) => d.schedules.put(callerOf(req), req.params, req.body),
  );
  r.delete(
    '/schedule/:x/:category/:local_time',
    { schema: { params: ScheduleTimeParams, body: ScheduleBody, response } },
    (req) => d.schedules.remove(callerOf(req), req.params, req.body),
  );
}
