import type { Uidd } from '@vigil/contracts';
import { HttpError } from '../../http/errors.ts';
import type { CameraStatusReport } from './status-provider.ts';
import type { StatusTally, TallyQuery } from './status-tally.ts';
import type { CameraChange, CameraTaskReply, CameraTaskRequest, CameraTasks } from './tasks.ts';

/**
 * How camera tasks reach the recorder that records the camera (decision 0603). In one process that is a call; with
 * several, a request to the recorder's own subject on NATS (nats-tasks.ts).
 */
export interface TaskTransport {
  /** Runs a task on the recorder and returns its answer; throws its HttpError, or `recorder_unavailable`. */
  request(recorderId: string, task: CameraTaskRequest): Promise<CameraTaskReply>;
  /** Tells the recorder a camera row changed; resolves once it has heard (throws as `request`). */
  notify(recorderId: string, change: CameraChange): Promise<void>;
}

/** How a server asks the recorder that records some cameras for their status reports (decision 0608). */
export interface StatusTransport {
  statuses(recorderId: string, uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusReport>>;
  /** The recorder's cameras counted by health state, with a page of those in trouble (decision 0747). */
  tally(recorderId: string, q: TallyQuery): Promise<StatusTally>;
}

/** Which recorder holds the camera (the camera_leases table); undefined while none does. */
export type RecorderOf = (uidd: Uidd) => Promise<string | undefined>;

export const recorderUnavailable = (message: string) => new HttpError(503, 'recorder_unavailable', message);

/** The embedded default: the recorder is in this process, whatever id is asked for. */
export class InProcessTaskTransport implements TaskTransport {
  readonly #local: CameraTasks;
  constructor(local: CameraTasks) {
    this.#local = local;
  }
  request(_recorderId: string, task: CameraTaskRequest): Promise<CameraTaskReply> {
    return this.#local.run(task);
  }
  async notify(_recorderId: string, change: CameraChange): Promise<void> {
    this.#local.cameraChanged(change);
  }
}

/** Tries to tell a recorder of a change this many times (a recorder restarting, a connection dropping). */
const NOTIFY_ATTEMPTS = 3;

export interface RoutedTasksDeps {
  transport: TaskTransport;
  recorderOf: RecorderOf;
  /**
   * Every live recorder: a deleted camera's footage may be on several (each deletes its own rows and files,
   * decision 0611), not only on the one recording it now.
   */
  everyRecorder?: (() => Promise<readonly string[]>) | undefined;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The CameraTasks of a server that records nothing: each task goes to the camera's recorder over the transport.
 * Changes of one camera are told in the order they were made (one chain per camera).
 */
export class RoutedCameraTasks implements CameraTasks {
  readonly #d: RoutedTasksDeps;
  readonly #chains = new Map<Uidd, Promise<void>>();

  constructor(d: RoutedTasksDeps) {
    this.#d = d;
  }

  async run(task: CameraTaskRequest): Promise<CameraTaskReply> {
    const recorder = await this.#d.recorderOf(task.uidd);
    if (!recorder) {
      // Uninstalled already in the database: no recorder holds it, so there is nothing to stop.
      if (task.intent.kind === 'uninstall') return {};
      throw recorderUnavailable('No recorder holds this camera at the moment; try again in a few seconds');
    }
    return this.#d.transport.request(recorder, task);
  }

  cameraChanged(change: CameraChange): void {
    const previous = this.#chains.get(change.uidd) ?? Promise.resolve();
    const next = previous.then(() => this.#tell(change));
    this.#chains.set(change.uidd, next);
    void next.finally(() => {
      if (this.#chains.get(change.uidd) === next) this.#chains.delete(change.uidd);
    });
  }

  /** Never throws: a change that reaches no recorder is logged (the next recorder reads the row when it starts). */
  async #tell(change: CameraChange): Promise<void> {
    const holder = await this.#tellHolder(change);
    if (change.kind !== 'deleted' || !this.#d.everyRecorder) return;
    const others = (await this.#d.everyRecorder().catch(() => [])).filter((r) => r !== holder);
    await Promise.all(
      others.map((r) =>
        this.#d.transport.notify(r, change).catch((err: unknown) => {
          this.#d.log.warn({ uidd: change.uidd, recorder: r, err: String(err) }, 'camera deletion not told');
        }),
      ),
    );
  }

  /** Answers the recorder that heard it, if any. */
  async #tellHolder(change: CameraChange): Promise<string | undefined> {
    for (let attempt = 1; attempt <= NOTIFY_ATTEMPTS; attempt++) {
      try {
        const recorder = await this.#d.recorderOf(change.uidd);
        // None holds it: whoever takes its lease reads the row as it is now.
        if (!recorder) return undefined;
        await this.#d.transport.notify(recorder, change);
        return recorder;
      } catch (err) {
        if (attempt === NOTIFY_ATTEMPTS)
          this.#d.log.warn(
            { uidd: change.uidd, kind: change.kind, err: String(err) },
            'camera change not told',
          );
      }
    }
  }
}
