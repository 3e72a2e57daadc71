import {
  AnalyticsAreasResponse,
  AnalyticsQuery,
  AnalyticsRulesResponse,
  CreateAreaBody,
  CreateRuleBody,
  DeleteAreasBody,
  DeleteRulesBody,
  LineCountsQuery,
  LineCountsResponse,
  PatchAreaBody,
  PatchRulesBody,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { AnalyticsAreasService } from './areas-service.ts';
import type { LineCountsService } from './line-counts-service.ts';
import type { AnalyticsRulesService } from './rules-service.ts';

const areasResponse = { 200: AnalyticsAreasResponse };
const rulesResponse = { 200: AnalyticsRulesResponse };

/** Spec 001 §7 Analytics rules; the areas' writes mirror the rules' (decision 0704). */
export async function analyticsRuleRoutes(
  app: FastifyInstance,
  d: { areas: AnalyticsAreasService; rules: AnalyticsRulesService; counts: LineCountsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Ours (decision 0794): the spec names no call for counts.
  r.get(
    '/analytics/counts',
    { schema: { querystring: LineCountsQuery, response: { 200: LineCountsResponse } } },
    (req) => d.counts.list(callerOf(req), req.query),
  );
  r.get('/analytics/areas', { schema: { querystring: AnalyticsQuery, response: areasResponse } }, (req) =>
    d.areas.list(callerOf(req), req.query.uidd),
  );
  r.post('/analytics/areas', { schema: { body: CreateAreaBody, response: areasResponse } }, (req) =>
    d.areas.create(callerOf(req), req.body.uidd, req.body.area),
  );
  r.patch('/analytics/areas', { schema: { body: PatchAreaBody, response: areasResponse } }, (req) =>
    d.areas.update(callerOf(req), req.body),
  );
  r.delete(
    '/analytics/areas',
    { schema: { querystring: AnalyticsQuery, body: DeleteAreasBody, response: areasResponse } },
    (req) => d.areas.remove(callerOf(req), req.query.uidd, req.body.areas),
  );
  r.get(
    '/analytics/alerts/rules',
    { schema: { querystring: AnalyticsQuery, response: rulesResponse } },
    (req) => d.rules.list(callerOf(req), req.query.uidd),
  );
  r.post('/analytics/alerts/rules', { schema: { body: CreateRuleBody, response: rulesResponse } }, (req) =>
    d.rules.create(callerOf(req), req.body.uidd, req.body.rule),
  );
  r.patch('/analytics/alerts/rules', { schema: { body: PatchRulesBody, response: rulesResponse } }, (req) =>
    d.rules.update(callerOf(req), req.body),
  );
  r.delete(
    '/analytics/alerts/rules',
    { schema: { querystring: AnalyticsQuery, body: DeleteRulesBody, response: rulesResponse } },
    (req) => d.rules.remove(callerOf(req), req.query.uidd, req.body.rules),
  );
}
