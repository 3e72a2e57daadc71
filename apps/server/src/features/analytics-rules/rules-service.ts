import {
  ANALYTICS_RULES_MAX,
  type AnalyticsRule,
  type AnalyticsRuleInput,
  type AnalyticsRulesResponse,
  type PatchRulesBody,
  PLATE_RULE_CLASSES,
  type RuleSchedule,
  type Uidd,
} from '@vigil/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import type { AreaRow, RuleRow } from './analytics-rules-repository.ts';
import { CameraAnalytics } from './camera-analytics.ts';

type RuleFields = Omit<AnalyticsRule, 'id' | 'uidd'>;
type RuleEvent = AnalyticsRule['event'];

/** How an event kind is stored: `analytics_rules.event` holds 10 characters (migration 0860). */
const STORED: Record<RuleEvent, string> = {
  presence: 'presence',
  crossing: 'crossing',
  plateDenied: 'plateDeny',
  plateNotAllowed: 'plateNoAlw',
};
const FROM_STORED = new Map(Object.entries(STORED).map(([k, v]) => [v, k as RuleEvent]));
const isPlateEvent = (e: RuleEvent) => e === 'plateDenied' || e === 'plateNotAllowed';

export const toRule = (r: RuleRow): AnalyticsRule => ({
  id: r.id,
  uidd: r.uidd as Uidd,
  name: r.name,
  areaId: r.area_id,
  objectClass: r.object_class as AnalyticsRule['objectClass'],
  event: FROM_STORED.get(r.event) ?? (r.event as RuleEvent),
  direction: r.direction as AnalyticsRule['direction'],
  schedule: r.schedule === null ? null : (JSON.parse(r.schedule) as RuleSchedule),
  notify: r.notify === 1,
  enabled: r.enabled === 1,
});

const toColumns = (f: RuleFields) => ({
  name: f.name,
  name_key: f.name.toLocaleLowerCase(),
  area_id: f.areaId,
  object_class: f.objectClass,
  event: STORED[f.event],
  direction: f.direction,
  schedule: f.schedule === null ? null : JSON.stringify(f.schedule),
  notify: f.notify ? 1 : 0,
  enabled: f.enabled ? 1 : 0,
});

/**
 * A rule as it will be stored, or why not: its area is the camera's, presence watches a zone and crossing a
 * count line, a crossing has a direction (both when not said) and a presence none.
 */
function settle(f: RuleFields, areas: ReadonlyMap<string, AreaRow>): RuleFields {
  const area = areas.get(f.areaId);
  if (!area) throw badRequest('The rule names an area this camera does not have');
  if (f.event === 'presence' && area.kind !== 'zone')
    throw badRequest('A presence rule watches a zone, not a count line');
  if (isPlateEvent(f.event) && area.kind !== 'zone')
    throw badRequest('A plate rule watches a zone, not a count line');
  if (isPlateEvent(f.event) && !(PLATE_RULE_CLASSES as readonly string[]).includes(f.objectClass))
    throw badRequest(`A plate rule watches a vehicle: ${PLATE_RULE_CLASSES.join(', ')}`);
  if (f.event === 'crossing' && area.kind !== 'line')
    throw badRequest('A crossing rule watches a count line, not a zone');
  if (f.event !== 'crossing' && f.direction !== null)
    throw badRequest('Only a crossing rule has a direction');
  return { ...f, direction: f.event === 'crossing' ? (f.direction ?? 'both') : null };
}

function requireUniqueName(others: readonly RuleRow[], name: string): void {
  const taken = others.find((o) => o.name_key === name.toLocaleLowerCase());
  if (taken) throw conflict(`A rule is already called "${taken.name}"`);
}

/** Alert rules of a camera on its areas (decision 0704). */
export class AnalyticsRulesService extends CameraAnalytics {
  /** GET /analytics/alerts/rules?uidd=: anyone who sees the camera. */
  async list(caller: Caller, uidd: Uidd): Promise<AnalyticsRulesResponse> {
    await this.mayRead(caller, uidd);
    return this.#answer(uidd);
  }

  async #answer(uidd: Uidd): Promise<AnalyticsRulesResponse> {
    return { uidd, rules: (await this.repo.rules(uidd)).map(toRule) };
  }

  async #state(uidd: Uidd) {
    const [areas, rules] = await Promise.all([this.repo.areas(uidd), this.repo.rules(uidd)]);
    return { areas: new Map(areas.map((a) => [a.id, a])), rules };
  }

  /** POST /analytics/alerts/rules: body uidd, rule. */
  async create(caller: Caller, uidd: Uidd, input: AnalyticsRuleInput): Promise<AnalyticsRulesResponse> {
    await this.mayChange(caller, uidd);
    const { areas, rules } = await this.#state(uidd);
    if (rules.length >= ANALYTICS_RULES_MAX)
      throw conflict(`A camera has at most ${ANALYTICS_RULES_MAX} rules`);
    const rule = settle(input, areas);
    requireUniqueName(rules, rule.name);
    const now = this.now();
    await this.repo.insertRule({
      id: randomId(),
      uidd,
      ...toColumns(rule),
      created_at: now,
      updated_at: now,
    });
    return this.#answer(uidd);
  }

  /** PATCH /analytics/alerts/rules: body uidd, ruleIdsToUpdate, rule (the fields to change in each). */
  async update(caller: Caller, body: PatchRulesBody): Promise<AnalyticsRulesResponse> {
    await this.mayChange(caller, body.uidd);
    const { areas, rules } = await this.#state(body.uidd);
    const ids = new Set(body.ruleIdsToUpdate);
    const targets = rules.filter((r) => ids.has(r.id));
    if (targets.length !== ids.size) throw notFound('No such rule on this camera');
    if (body.rule.name !== undefined && ids.size > 1) throw badRequest('Several rules cannot take one name');
    const now = this.now();
    const rows = targets.map((row) => {
      const { id: _, uidd: __, ...current } = toRule(row);
      const merged = { ...current, ...body.rule };
      // A rule turned into another kind than crossing loses its direction unless the change says otherwise.
      if (body.rule.event && body.rule.event !== 'crossing' && body.rule.direction === undefined)
        merged.direction = null;
      const rule = settle(merged, areas);
      if (body.rule.name !== undefined)
        requireUniqueName(
          rules.filter((r) => r.id !== row.id),
          rule.name,
        );
      return { ...row, ...toColumns(rule), updated_at: now };
    });
    await this.repo.updateRules(rows);
    return this.#answer(body.uidd);
  }

  /** DELETE /analytics/alerts/rules?uidd=: body rules. */
  async remove(caller: Caller, uidd: Uidd, ids: readonly string[]): Promise<AnalyticsRulesResponse> {
    await this.mayChange(caller, uidd);
    const known = new Set((await this.repo.rules(uidd)).map((r) => r.id));
    if (ids.some((id) => !known.has(id))) throw notFound('No such rule on this camera');
    await this.repo.deleteRules(uidd, ids);
    return this.#answer(uidd);
  }
}
