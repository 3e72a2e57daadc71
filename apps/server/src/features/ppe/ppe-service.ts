import {
  PPE_VIOLATIONS_PAGE,
  type PpeConfigResponse,
  type PpeItem,
  type PpeViolation,
  type PpeViolationsQuery,
  type PpeZoneCount,
  uiddOf,
} from '@vigil/contracts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { PpeRepository, PpeViolationRow } from './ppe-repository.ts';

/** The API's violation of a row. */
export function toViolation(r: PpeViolationRow): PpeViolation {
  const missing: PpeItem[] = [];
  if (r.missing_helmet) missing.push('helmet');
  if (r.missing_vest) missing.push('vest');
  return {
    id: r.id,
    uidd: r.camera_uidd,
    eventId: r.event_id,
    stillTimeMs: Number(r.still_time_ms),
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    missing,
    confidence: r.confidence,
    box: JSON.parse(r.box) as [number, number, number, number],
  };
}

/**
 * The PPE check's API (decision 0871): violations are what a camera's events show, so they need the events right
 * on the camera, like the plate log; the switch and its safety zones need the camera-settings right, like LPR's.
 */
export class PpeService {
  readonly #repo: PpeRepository;
  readonly #access: CameraAccess;
  readonly #now: () => number;
  constructor(d: { repo: PpeRepository; access: CameraAccess; now: () => number }) {
    this.#repo = d.repo;
    this.#access = d.access;
    this.#now = d.now;
  }

  async violations(caller: Caller, q: PpeViolationsQuery): Promise<PpeViolation[]> {
    await this.#access.requireAll(caller, q.uidd, 'events');
    const rows = await this.#repo.violations({
      uidds: q.uidd,
      fromMs: q.startt,
      toMs: q.endt,
      zone: q.zone,
      kind: q.kind,
      limit: PPE_VIOLATIONS_PAGE,
    });
    return rows.map(toViolation);
  }

  async counts(caller: Caller, q: PpeViolationsQuery): Promise<PpeZoneCount[]> {
    await this.#access.requireAll(caller, q.uidd, 'events');
    const rows = await this.#repo.counts(q.uidd, q.startt, q.endt);
    return rows.map((r) => ({
      uidd: r.camera_uidd,
      zoneId: r.zone_id,
      zoneName: r.zone_name ?? null,
      helmet: Number(r.helmet),
      vest: Number(r.vest),
      total: Number(r.total),
    }));
  }

  async ppeCameras(caller: Caller, uidds: string[]): Promise<{ uidds: string[] }> {
    await this.#access.requireAll(caller, uidds, 'events');
    return { uidds: await this.#repo.enabledOf(uidds) };
  }

  async config(caller: Caller, owner: string, device: string): Promise<PpeConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.#access.require(caller, uidd, 'events');
    const zones = await this.#repo.zonesIfEnabled(uidd);
    return { uidd, ppeEnabled: zones !== null, zones: zones ?? [] };
  }

  async setConfig(
    caller: Caller,
    owner: string,
    device: string,
    body: { enabled: boolean; zones?: string[] | undefined },
  ): Promise<PpeConfigResponse> {
    const uidd = uiddOf(owner, device);
    await this.#access.require(caller, uidd, 'cameraSettings');
    const zones = [...new Set(body.zones ?? [])];
    await this.#repo.set(uidd, owner, body.enabled, zones, this.#now());
    return { uidd, ppeEnabled: body.enabled, zones: body.enabled ? zones : [] };
  }
}
