import type { LoggerResult, Uidd } from '@vigil/contracts';
import type { Config } from '../../config.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { LeasesRepository } from './leases-repository.ts';

export interface LoggerDeps {
  access: CameraAccess;
  /** The fleet's leases; undefined in the embedded default (ROLE=all: no recorders table in use). */
  leases: LeasesRepository | undefined;
  config: Pick<Config, 'REGION' | 'REGION_MAP' | 'publicUrl' | 'LEASE_TTL_SEC'>;
}

/**
 * GET /logger's answers (decision 0600): the logger host of a camera or of a region. In the embedded default this
 * server is every camera's logger host; in a fleet the lease says which recorder records the camera now.
 */
export class LoggerService {
  readonly #d: LoggerDeps;

  constructor(d: LoggerDeps) {
    this.#d = d;
  }

  /** Which host records the camera: the holder of its live lease, else the camera's last `logger`. */
  async ofCamera(caller: Caller, uidd: string): Promise<LoggerResult> {
    const row = await this.#d.access.require(caller, uidd, 'view');
    const region = this.#d.config.REGION;
    const base = {
      region,
      uidd: row.uidd as Uidd,
      lastLogger: row.last_logger === null ? null : Number(row.last_logger),
    };
    if (!this.#d.leases) return { ...base, logger: row.logger, recording: true };
    const holder = await this.#d.leases.recorderOf(row.uidd);
    return { ...base, logger: holder?.publicUrl ?? row.logger, recording: holder !== undefined };
  }

  /** The logger host of a region: another region's server, or here the least loaded live recorder. */
  async ofRegion(region: string | undefined): Promise<LoggerResult> {
    const { config, leases } = this.#d;
    if (region && region !== config.REGION) {
      const url = config.REGION_MAP[region];
      if (!url) throw notFound(`No region ${region}`);
      return { region, logger: url };
    }
    if (!leases) return { region: config.REGION, logger: config.publicUrl };
    const live = (await leases.fleet(config.LEASE_TTL_SEC * 1000)).filter(
      (r) => !r.draining && r.cameras < r.capacity,
    );
    const first = live[0];
    if (!first) throw new HttpError(503, 'no_recorder', 'No recorder of this region has room for a camera');
    return { region: config.REGION, logger: first.publicUrl };
  }
}
