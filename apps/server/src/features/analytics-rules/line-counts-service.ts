import type { LineCountsQuery, LineCountsResponse, Uidd } from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import type { LineCountsRepository } from './line-counts-repository.ts';

/**
 * GET /analytics/counts (decision 0794): a camera's crossings per count line, object class, direction and hour.
 * Counts are what its events show, so they take the events right (as the vehicle counts do, decision 0791).
 */
export class LineCountsService {
  readonly #access: CameraAccess;
  readonly #repo: AnalyticsRulesRepository;
  readonly #counts: LineCountsRepository;
  constructor(d: { access: CameraAccess; repo: AnalyticsRulesRepository; counts: LineCountsRepository }) {
    this.#access = d.access;
    this.#repo = d.repo;
    this.#counts = d.counts;
  }

  async list(caller: Caller, q: LineCountsQuery): Promise<LineCountsResponse> {
    await this.#access.require(caller, q.uidd, 'events');
    const [rows, areas] = await Promise.all([
      this.#counts.list(q.uidd, q.from, q.to),
      this.#repo.areas(q.uidd),
    ]);
    const names = new Map(areas.map((a) => [a.id, a.name]));
    return {
      uidd: q.uidd as Uidd,
      counts: rows.map((r) => ({
        areaId: r.area_id,
        areaName: names.get(r.area_id) ?? '',
        objectClass: r.object_class as LineCountsResponse['counts'][number]['objectClass'],
        direction: r.direction as 'in' | 'out',
        hourStart: Number(r.hour_start),
        count: Number(r.crossings),
      })),
    };
  }
}
