import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import { AnalyticsAreasService, toArea } from './areas-service.ts';
import { CrossingCounter } from './crossing-counter.ts';
import { LineCountsRepository } from './line-counts-repository.ts';
import { LineCountsService } from './line-counts-service.ts';
import { PlateRuleEvaluator } from './plate-rule-evaluator.ts';
import { analyticsRuleRoutes } from './routes.ts';
import { RuleEvaluator } from './rule-evaluator.ts';
import { AnalyticsRulesService } from './rules-service.ts';

/**
 * Builds the analytics-rules feature: a camera's areas and alert rules (spec 001 §7, decision 0704), and the
 * crossings of its count lines (decision 0794).
 */
export function createAnalyticsRules(d: {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  cameras: { access: CameraAccess };
}) {
  const repo = new AnalyticsRulesRepository(d.db);
  const areas = new AnalyticsAreasService({ access: d.cameras.access, repo, now: d.now });
  const rules = new AnalyticsRulesService({ access: d.cameras.access, repo, now: d.now });
  const evaluator = new RuleEvaluator({ repo, bus: d.bus, log: d.log, now: d.now });
  const counts = new LineCountsRepository(d.db);
  // Crossing rules and people counting on the pictures the labels feature samples while motion lasts (0794).
  const crossings = new CrossingCounter({ repo, counts, bus: d.bus, log: d.log });
  const lineCounts = new LineCountsService({ access: d.cameras.access, repo, counts });
  const routes: FeatureRoutes = (app) =>
    app.register(analyticsRuleRoutes, { areas, rules, counts: lineCounts });
  // Plate rules on what the vehicles feature read of an ended event (0796).
  const plates = new PlateRuleEvaluator({ repo, bus: d.bus, log: d.log });
  /** A camera's zones (the PPE check's safety zones are among them, decision 0870). */
  const zonesOf = async (uidd: string) =>
    (await repo.areas(uidd)).map(toArea).filter((a) => a.kind === 'zone');
  return { areas, rules, evaluator, crossings, plates, zonesOf, routes };
}
