import type { CameraTaskActionName, EpochMs, PtzDirection, Uid, Uidd } from '@vigil/contracts';

/**
 * What GET /sendcameratask asks of the recorder, and the camera changes it must follow. The recorder implements
 * CameraTasks; until it does, RecordedCameraTasks keeps the intents so they can be inspected (tests, support).
 */

export type CameraTaskIntent =
  | { kind: 'live'; stream: 'main' | 'local' | 'sd' }
  | { kind: 'thumbs'; motion: boolean }
  | { kind: 'ptz'; direction: PtzDirection }
  | { kind: 'uninstall' }
  | { kind: 'getconfig' };

export interface CameraTaskRequest {
  uidd: Uidd;
  /** The spec's action name as sent (livecommand, ptz_left, uninstall_all…). */
  action: CameraTaskActionName;
  intent: CameraTaskIntent;
  /** Who asked. */
  by: Uid;
  at: EpochMs;
}

/** What the recorder answers; passed to the client as `data` (e.g. { liveStreamName, wowza } for livecommand). */
export interface CameraTaskReply {
  data?: Record<string, unknown>;
}

/** A camera row changed; the recorder reloads it (picks up changes without restarting). */
export interface CameraChange {
  uidd: Uidd;
  kind: 'installed' | 'updated' | 'uninstalled' | 'deleted';
}

export interface CameraTasks {
  /**
   * Carries out one task. Uninstall is already recorded in the database when this is called (status polling sees
   * 'uninstalled' at once); the recorder stops recording the camera. May throw: the client gets a 502.
   */
  run(task: CameraTaskRequest): Promise<CameraTaskReply>;
  /** Told after every committed change to a camera row. Must not throw; must return quickly. */
  cameraChanged(change: CameraChange): void;
}

/** The intent of each action of the spec (001 §7). */
export function intentOf(action: CameraTaskActionName): CameraTaskIntent {
  switch (action) {
    case 'livecommand':
      return { kind: 'live', stream: 'main' };
    case 'locallivecommand':
      return { kind: 'live', stream: 'local' };
    case 'sdlivecommand':
      return { kind: 'live', stream: 'sd' };
    case 'thumbscommand':
      return { kind: 'thumbs', motion: false };
    case 'motionthumbscommand':
      return { kind: 'thumbs', motion: true };
    case 'uninstall':
    case 'uninstall_all':
      return { kind: 'uninstall' };
    case 'getconfig':
      return { kind: 'getconfig' };
    default:
      return { kind: 'ptz', direction: action.slice(4) as PtzDirection };
  }
}

const KEEP = 1000;

/** The default: records every task and change (newest last, bounded) and answers with no data. */
export class RecordedCameraTasks implements CameraTasks {
  readonly tasks: CameraTaskRequest[] = [];
  readonly changes: CameraChange[] = [];

  async run(task: CameraTaskRequest): Promise<CameraTaskReply> {
    this.tasks.push(task);
    if (this.tasks.length > KEEP) this.tasks.shift();
    return {};
  }

  cameraChanged(change: CameraChange): void {
    this.changes.push(change);
    if (this.changes.length > KEEP) this.changes.shift();
  }
}
