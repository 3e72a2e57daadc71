import type { Uidd } from '@vigil/contracts';
import type { CameraStatusProvider, CameraStatusReport } from './status-provider.ts';
import type { StatusTally, TallyQuery } from './status-tally.ts';
import type { StatusTransport } from './task-transport.ts';

/** Which recorder holds each camera now (the camera_leases table); cameras none holds are absent. */
export type RecordersOf = (uidds: readonly Uidd[]) => Promise<ReadonlyMap<Uidd, string>>;

export interface RoutedStatusDeps {
  transport: StatusTransport;
  recordersOf: RecordersOf;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The camera statuses of a server that records nothing (decision 0608): the cameras asked are grouped by the
 * recorder holding their lease, and each recorder is asked for its own reports, all at once. Asked, not copied:
 * only the recorder knows whether video comes now, and a copy kept on every server would lag and need a replay for
 * servers that start later. A camera no recorder holds, or whose recorder does not answer, has no report: offline
 * (its lease moves within the lease time, and the next poll asks the new holder).
 */
export class RoutedCameraStatus implements CameraStatusProvider {
  readonly #d: RoutedStatusDeps;
  constructor(d: RoutedStatusDeps) {
    this.#d = d;
  }

  async statuses(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusReport>> {
    const byRecorder = new Map<string, Uidd[]>();
    for (const [uidd, recorder] of await this.#d.recordersOf(uidds))
      byRecorder.set(recorder, [...(byRecorder.get(recorder) ?? []), uidd]);
    const out = new Map<Uidd, CameraStatusReport>();
    await Promise.all(
      [...byRecorder].map(async ([recorder, held]) => {
        try {
          for (const [uidd, report] of await this.#d.transport.statuses(recorder, held))
            if (held.includes(uidd)) out.set(uidd, report);
        } catch (err) {
          this.#d.log.warn({ recorder, err: String(err) }, 'camera statuses not answered');
        }
      }),
    );
    return out;
  }

  /**
   * One recorder's tally of its cameras (decision 0747): counted where the reports are, so the health screen's
   * answer carries counts and a page, not a report per camera. Throws as the transport does (no answer).
   */
  tallyOf(recorderId: string, q: TallyQuery): Promise<StatusTally> {
    return this.#d.transport.tally(recorderId, q);
  }
}
