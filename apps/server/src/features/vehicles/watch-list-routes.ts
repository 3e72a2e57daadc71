import {
  AddListedPlateBody,
  PlateListsQuery,
  PlateListsResponse,
  RemoveListedPlateBody,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { WatchListsService } from './watch-lists-service.ts';

const response = { 200: PlateListsResponse };

/** Plate watch-lists (ours, decision 0796: the spec names the alerts, not their lists' calls). */
export async function watchListRoutes(app: FastifyInstance, d: { lists: WatchListsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/vehicles/watch-lists', { schema: { querystring: PlateListsQuery, response } }, (req) =>
    d.lists.list(callerOf(req), req.query.uid),
  );
  r.post('/vehicles/watch-lists', { schema: { body: AddListedPlateBody, response } }, (req) =>
    d.lists.add(callerOf(req), req.body),
  );
  r.delete('/vehicles/watch-lists', { schema: { body: RemoveListedPlateBody, response } }, (req) =>
    d.lists.remove(callerOf(req), req.body),
  );
}
