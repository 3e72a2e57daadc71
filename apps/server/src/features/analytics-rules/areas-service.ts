import {
  ANALYTICS_AREAS_MAX,
  type AnalyticsArea,
  type AnalyticsAreaInput,
  type AnalyticsAreaKind,
  type AnalyticsAreasResponse,
  areaShapeProblem,
  linesMeet,
  type PatchAreaBody,
  type Point,
  type Uidd,
} from '@vigil/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import type { AreaRow } from './analytics-rules-repository.ts';
import { CameraAnalytics } from './camera-analytics.ts';

export const toArea = (r: AreaRow): AnalyticsArea => ({
  id: r.id,
  uidd: r.uidd as Uidd,
  name: r.name,
  kind: r.kind as AnalyticsAreaKind,
  points: JSON.parse(r.points) as [number, number][],
});

/**
 * Why an area cannot join a camera's others, or null (spec 001 §5): names are unique ignoring case, and count lines
 * must not meet one another. The area being changed is not among `others`.
 */
function clashWith(others: readonly AreaRow[], area: { name: string; kind: string; points: Point[] }) {
  const key = area.name.toLocaleLowerCase();
  const named = others.find((o) => o.name_key === key);
  if (named) return conflict(`An area is already called "${named.name}"`);
  if (area.kind !== 'line') return null;
  const met = others.find((o) => o.kind === 'line' && linesMeet(area.points, toArea(o).points));
  return met ? badRequest(`Count lines must not overlap: this line meets "${met.name}"`) : null;
}

/** Analytics areas of a camera: zones and count lines (decision 0704). */
export class AnalyticsAreasService extends CameraAnalytics {
  /** GET /analytics/areas?uidd=: anyone who sees the camera. */
  async list(caller: Caller, uidd: Uidd): Promise<AnalyticsAreasResponse> {
    await this.mayRead(caller, uidd);
    return this.#answer(uidd);
  }

  async #answer(uidd: Uidd): Promise<AnalyticsAreasResponse> {
    return { uidd, areas: (await this.repo.areas(uidd)).map(toArea) };
  }

  /** POST /analytics/areas: body uidd, area. */
  async create(caller: Caller, uidd: Uidd, area: AnalyticsAreaInput): Promise<AnalyticsAreasResponse> {
    await this.mayChange(caller, uidd);
    const existing = await this.repo.areas(uidd);
    if (existing.length >= ANALYTICS_AREAS_MAX)
      throw conflict(`A camera has at most ${ANALYTICS_AREAS_MAX} areas`);
    const clash = clashWith(existing, area);
    if (clash) throw clash;
    const now = this.now();
    await this.repo.insertArea({
      id: randomId(),
      uidd,
      name: area.name,
      name_key: area.name.toLocaleLowerCase(),
      kind: area.kind,
      points: JSON.stringify(area.points),
      created_at: now,
      updated_at: now,
    });
    return this.#answer(uidd);
  }

  /** PATCH /analytics/areas: body uidd, areaIdsToUpdate (one), area (name, points). The kind stays. */
  async update(caller: Caller, body: PatchAreaBody): Promise<AnalyticsAreasResponse> {
    await this.mayChange(caller, body.uidd);
    const existing = await this.repo.areas(body.uidd);
    const id = body.areaIdsToUpdate[0];
    const row = existing.find((a) => a.id === id);
    if (!row) throw notFound('No such area on this camera');
    const merged = { ...toArea(row), ...body.area };
    const shape = areaShapeProblem(merged.kind, merged.points);
    if (shape) throw badRequest(shape);
    const clash = clashWith(
      existing.filter((a) => a.id !== id),
      merged,
    );
    if (clash) throw clash;
    await this.repo.updateArea(row.id, {
      name: merged.name,
      name_key: merged.name.toLocaleLowerCase(),
      points: JSON.stringify(merged.points),
      updated_at: this.now(),
    });
    return this.#answer(body.uidd);
  }

  /** DELETE /analytics/areas?uidd=: body areas. An area a rule uses stays, and the answer names the rule. */
  async remove(caller: Caller, uidd: Uidd, ids: readonly string[]): Promise<AnalyticsAreasResponse> {
    await this.mayChange(caller, uidd);
    const existing = new Map((await this.repo.areas(uidd)).map((a) => [a.id, a]));
    if (ids.some((id) => !existing.has(id))) throw notFound('No such area on this camera');
    const user = (await this.repo.rules(uidd)).find((r) => ids.includes(r.area_id));
    if (user)
      throw conflict(
        `"${existing.get(user.area_id)?.name}" is used by the rule "${user.name}": delete or change the rule first`,
      );
    await this.repo.deleteAreas(uidd, ids);
    return this.#answer(uidd);
  }
}
