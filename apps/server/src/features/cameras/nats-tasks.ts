import { type Msg, type NatsConnection, RequestError, TimeoutError } from '@nats-io/transport-node';
import type { ErrorCode, Uidd } from '@vigil/contracts';
import { HttpError } from '../../http/errors.ts';
import type { CameraStatusProvider, CameraStatusReport } from './status-provider.ts';
import { EMPTY_TALLY, type StatusTally, type TallyQuery } from './status-tally.ts';
import { recorderUnavailable, type StatusTransport, type TaskTransport } from './task-transport.ts';
import type { CameraChange, CameraTaskReply, CameraTaskRequest, CameraTasks } from './tasks.ts';

/**
 * Camera tasks over core NATS request/reply (decision 0603): a recorder answers on `vigil.tasks.<its id>`. A task
 * needs an answer now (the client waits for it), not persistence: a recorder that is away fails the task at once
 * (no responders) or after the timeout, and the client is told so.
 */

type Envelope =
  | { op: 'run'; task: CameraTaskRequest }
  | { op: 'changed'; change: CameraChange }
  | { op: 'statuses'; uidds: Uidd[] }
  | { op: 'tally'; query: TallyQuery };
/** A recorder's answer: a task's reply, the status reports asked for (as entries: JSON has no Map), or a tally. */
type Done = {
  ok: true;
  reply?: CameraTaskReply;
  statuses?: [Uidd, CameraStatusReport][];
  tally?: StatusTally;
};
type Answer = Done | { ok: false; status: number; code: ErrorCode | undefined; message: string };

export interface NatsTaskOptions {
  /** Subjects are `<prefix>.<recorder id>` (default `vigil.tasks`); tests use their own. */
  subjectPrefix?: string;
}

/** A task the recorder has not answered by then fails (livecommand waits up to 3 s for a just-installed camera). */
const TASK_TIMEOUT_MS = 8_000;
/**
 * Statuses are read from the recorder's memory (milliseconds); a recorder cut off without a goodbye (a partition)
 * must not hold a status poll for the task timeout: its cameras are answered offline after this (decision 0608).
 */
const STATUS_TIMEOUT_MS = 2_000;

/**
 * The recorder id as one subject token: ids are `<host>:<port>`, and a host name has dots (token separators).
 * Percent-encoded, so two ids never share a subject.
 */
export function taskSubject(recorderId: string, prefix = 'vigil.tasks'): string {
  const token = encodeURIComponent(recorderId).replace(
    /[.*!'()~]/g,
    (c) => `%${c.charCodeAt(0).toString(16)}`,
  );
  return `${prefix}.${token}`;
}

/** The server's side: sends each task (and status question) to the recorder's subject and waits for its answer. */
export class NatsTaskTransport implements TaskTransport, StatusTransport {
  readonly #nc: NatsConnection;
  readonly #prefix: string | undefined;
  readonly #timeoutMs: number;

  constructor(nc: NatsConnection, options: NatsTaskOptions & { timeoutMs?: number } = {}) {
    this.#nc = nc;
    this.#prefix = options.subjectPrefix;
    this.#timeoutMs = options.timeoutMs ?? TASK_TIMEOUT_MS;
  }

  async request(recorderId: string, task: CameraTaskRequest): Promise<CameraTaskReply> {
    return (await this.#ask(recorderId, { op: 'run', task })).reply ?? {};
  }

  async notify(recorderId: string, change: CameraChange): Promise<void> {
    await this.#ask(recorderId, { op: 'changed', change });
  }

  async statuses(recorderId: string, uidds: readonly Uidd[]): Promise<Map<Uidd, CameraStatusReport>> {
    const timeout = Math.min(this.#timeoutMs, STATUS_TIMEOUT_MS);
    return new Map(
      (await this.#ask(recorderId, { op: 'statuses', uidds: [...uidds] }, timeout)).statuses ?? [],
    );
  }

  async tally(recorderId: string, query: TallyQuery): Promise<StatusTally> {
    const timeout = Math.min(this.#timeoutMs, STATUS_TIMEOUT_MS);
    return (await this.#ask(recorderId, { op: 'tally', query }, timeout)).tally ?? EMPTY_TALLY;
  }

  async #ask(recorderId: string, envelope: Envelope, timeoutMs = this.#timeoutMs): Promise<Done> {
    let msg: Msg;
    try {
      msg = await this.#nc.request(taskSubject(recorderId, this.#prefix), JSON.stringify(envelope), {
        timeout: timeoutMs,
      });
    } catch (err) {
      if (isNoResponders(err))
        throw recorderUnavailable(`Recorder ${recorderId} is not connected; try again in a few seconds`);
      if (isTimeout(err))
        throw recorderUnavailable(`Recorder ${recorderId} did not answer within ${timeoutMs / 1000} s`);
      throw recorderUnavailable(`Recorder ${recorderId} could not be asked (${String(err)})`);
    }
    const answer = msg.json<Answer>();
    if (answer.ok) return answer;
    // The recorder's own refusal (a camera it does not serve yet: live_unavailable), as if it ran here.
    if (answer.code) throw new HttpError(answer.status, answer.code, answer.message);
    throw new Error(`Recorder ${recorderId} failed the task: ${answer.message}`);
  }
}

const isNoResponders = (err: unknown): boolean => err instanceof RequestError && err.isNoResponders();
const isTimeout = (err: unknown): boolean =>
  err instanceof TimeoutError || (err instanceof Error && err.cause instanceof TimeoutError);

/**
 * The recorder's side: answers the tasks sent to its id with its own CameraTasks. Tasks run concurrently (one may
 * wait seconds for a camera to arrive); changes are applied in the order they came.
 */
export function serveCameraTasks(
  nc: NatsConnection,
  recorderId: string,
  local: CameraTasks,
  options: NatsTaskOptions & {
    log?: { warn(obj: object, msg: string): void };
    /** The recorder's own view of its cameras, for the servers' GET /cameras/status (decision 0608). */
    status?: CameraStatusProvider;
  } = {},
): { close(): Promise<void> } {
  // A queue group: two processes started with the same id by mistake share the tasks instead of doing each twice.
  const sub = nc.subscribe(taskSubject(recorderId, options.subjectPrefix), { queue: 'recorder' });
  const answer = (m: Msg, a: Answer) => {
    m.respond(JSON.stringify(a));
  };
  const loop = (async () => {
    for await (const m of sub) {
      let envelope: Envelope;
      try {
        envelope = m.json<Envelope>();
      } catch {
        answer(m, { ok: false, status: 400, code: 'bad_request', message: 'not a task' });
        continue;
      }
      if (envelope.op === 'changed') {
        local.cameraChanged(envelope.change);
        answer(m, { ok: true, reply: {} });
        continue;
      }
      if (envelope.op === 'tally') {
        const status = options.status;
        void (status?.tally ? status.tally(envelope.query) : Promise.resolve(EMPTY_TALLY)).then(
          (tally) => answer(m, { ok: true, tally }),
          (err: unknown) => answer(m, { ok: false, status: 500, code: undefined, message: String(err) }),
        );
        continue;
      }
      if (envelope.op === 'statuses') {
        const status = options.status;
        void (status ? status.statuses(envelope.uidds) : Promise.resolve(new Map())).then(
          (reports) => answer(m, { ok: true, statuses: [...reports] }),
          (err: unknown) => answer(m, { ok: false, status: 500, code: undefined, message: String(err) }),
        );
        continue;
      }
      void local.run(envelope.task).then(
        (reply) => answer(m, { ok: true, reply }),
        (err: unknown) => {
          if (err instanceof HttpError)
            return answer(m, { ok: false, status: err.statusCode, code: err.code, message: err.message });
          options.log?.warn({ uidd: envelope.task.uidd, err: String(err) }, 'camera task failed');
          answer(m, { ok: false, status: 500, code: undefined, message: String(err) });
        },
      );
    }
  })();
  return {
    close: async () => {
      sub.unsubscribe();
      await loop;
    },
  };
}
