import type { PtzDirection } from '@vigil/contracts';
import { OnvifClient, OnvifError, type OnvifPtzEndpoint, type OnvifTarget } from './onvif/client.ts';
import {
  type OnvifPreset,
  type PtzVector,
  parsePresets,
  parsePtzStatus,
  parseSetPreset,
  requests,
} from './onvif/soap.ts';

export type { OnvifPreset, OnvifTarget, PtzVector };

/**
 * One press of a PTZ button moves the camera one step (docs/decisions/0307): ContinuousMove at PTZ_STEP_SPEED
 * (ONVIF's generic velocity space, -1..1) for PTZ_STEP_MS, then Stop. ContinuousMove is what every ONVIF PTZ
 * camera supports (RelativeMove is optional); its Timeout asks the camera to stop by itself should the Stop be
 * lost. With the simulator's speed (1 unit per second at velocity 1) a step is 0.2 of the -1..1 range.
 */
export const PTZ_STEP_MS = 400;
export const PTZ_STEP_SPEED = 0.5;
/** Each ONVIF request; a step is a few of them. */
export const ONVIF_TIMEOUT_MS = 4000;
/**
 * Moves one camera may have waiting behind the one it is making. Each takes PTZ_STEP_MS and a few requests: more
 * than this (several viewers pressing, or a script) would keep the camera moving long after the presses stopped.
 */
export const PTZ_QUEUE_MAX = 3;
/** The ONVIF port when the install did not give one (docs/decisions/0307). */
export const ONVIF_DEFAULT_PORT = 80;

/** The velocity of a step in a direction; undefined for home and stop, which are not moves at a speed. */
export function velocityOf(direction: PtzDirection, speed = PTZ_STEP_SPEED): PtzVector | undefined {
  const pan = direction.endsWith('left') ? -speed : direction.endsWith('right') ? speed : 0;
  const tilt = direction.startsWith('up') ? speed : direction.startsWith('down') ? -speed : 0;
  const zoom = direction === 'zoomin' ? speed : direction === 'zoomout' ? -speed : 0;
  return pan || tilt || zoom ? { pan, tilt, zoom } : undefined;
}

/** Camera control the cameras feature uses; OnvifPtz by default, a fake in tests. */
export interface CameraPtzControl {
  /** At install: whether the camera answers ONVIF with a PTZ profile. Never throws. */
  detect(target: OnvifTarget): Promise<boolean>;
  /** One step; `key` identifies the camera (its moves are queued). Throws OnvifError. */
  move(key: string, target: OnvifTarget, direction: PtzDirection): Promise<{ position?: PtzVector }>;
  /** The camera's presets (ONVIF GetPresets, decision 0705). Throws OnvifError. */
  presets(key: string, target: OnvifTarget): Promise<OnvifPreset[]>;
  /** Saves where the camera points as a new preset; its token. */
  savePreset(key: string, target: OnvifTarget, name: string): Promise<string>;
  /** Moves to a preset (queued with the camera's other moves). */
  gotoPreset(key: string, target: OnvifTarget, preset: string): Promise<{ position?: PtzVector }>;
  removePreset(key: string, target: OnvifTarget, preset: string): Promise<void>;
}

export class OnvifPtz implements CameraPtzControl {
  readonly #client: OnvifClient;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #endpoints = new Map<string, OnvifPtzEndpoint>();
  /** Per camera, the end of its last move (a second press waits for the first's Stop) and how many are queued. */
  readonly #queues = new Map<string, { last: Promise<unknown>; pending: number }>();

  constructor(opts: { timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {}) {
    this.#client = new OnvifClient({ timeoutMs: opts.timeoutMs ?? ONVIF_TIMEOUT_MS });
    this.#sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async detect(target: OnvifTarget): Promise<boolean> {
    try {
      await this.#client.discover(target);
      return true;
    } catch {
      return false;
    }
  }

  move(key: string, target: OnvifTarget, direction: PtzDirection): Promise<{ position?: PtzVector }> {
    return this.#queued(key, () =>
      this.#withEndpoint(key, target, async (call, profile) => {
        const velocity = velocityOf(direction);
        if (velocity) {
          await call(requests.continuousMove(profile, velocity, PTZ_STEP_MS));
          try {
            await this.#sleep(PTZ_STEP_MS);
          } finally {
            await call(requests.stop(profile));
          }
        } else if (direction === 'home') {
          await call(requests.gotoHomePosition(profile));
        } else {
          await call(requests.stop(profile));
        }
        return this.#position(call, profile);
      }),
    );
  }

  presets(key: string, target: OnvifTarget): Promise<OnvifPreset[]> {
    return this.#withEndpoint(key, target, async (call, profile) =>
      parsePresets(await call(requests.getPresets(profile))),
    );
  }

  savePreset(key: string, target: OnvifTarget, name: string): Promise<string> {
    return this.#withEndpoint(key, target, async (call, profile) => {
      const token = parseSetPreset(await call(requests.setPreset(profile, name)));
      if (!token) throw new OnvifError('failed', 'The camera named no preset');
      return token;
    });
  }

  gotoPreset(key: string, target: OnvifTarget, preset: string): Promise<{ position?: PtzVector }> {
    return this.#queued(key, () =>
      this.#withEndpoint(key, target, async (call, profile) => {
        await call(requests.gotoPreset(profile, preset));
        return this.#position(call, profile);
      }),
    );
  }

  async removePreset(key: string, target: OnvifTarget, preset: string): Promise<void> {
    await this.#withEndpoint(key, target, (call, profile) => call(requests.removePreset(profile, preset)));
  }

  /** Runs a camera's moves one after another (a second press waits for the first's Stop), at most PTZ_QUEUE_MAX waiting. */
  #queued<T>(key: string, run: () => Promise<T>): Promise<T> {
    const queue = this.#queues.get(key) ?? { last: Promise.resolve(), pending: 0 };
    // pending counts the move running too: PTZ_QUEUE_MAX may wait behind it.
    if (queue.pending > PTZ_QUEUE_MAX)
      return Promise.reject(new OnvifError('busy', 'The camera has too many moves waiting'));
    const next = queue.last.catch(() => {}).then(run);
    queue.last = next;
    queue.pending++;
    this.#queues.set(key, queue);
    const done = (): void => {
      queue.pending--;
      if (queue.pending === 0 && this.#queues.get(key) === queue) this.#queues.delete(key);
    };
    next.then(done, done);
    return next;
  }

  /** The camera's PTZ service and profile, found once and kept until a call fails. */
  async #withEndpoint<T>(
    key: string,
    target: OnvifTarget,
    use: (call: (body: string) => Promise<string>, profile: string) => Promise<T>,
  ): Promise<T> {
    // The address or credentials may have changed since the endpoint was found: they are part of the key.
    const cacheKey = `${key} ${target.host}:${target.port} ${target.credentials?.username ?? ''}`;
    let endpoint = this.#endpoints.get(cacheKey);
    if (!endpoint) {
      endpoint = await this.#client.discover(target);
      this.#endpoints.set(cacheKey, endpoint);
    }
    const { ptzPath, profile, clockOffsetMs } = endpoint;
    try {
      return await use((body) => this.#client.call(target, ptzPath, body, { clockOffsetMs }), profile);
    } catch (err) {
      // Found again next time: the camera may have been replaced or reconfigured.
      this.#endpoints.delete(cacheKey);
      throw err;
    }
  }

  async #position(
    call: (body: string) => Promise<string>,
    profile: string,
  ): Promise<{ position?: PtzVector }> {
    // Where the camera is now, when it says (optional in ONVIF; a failure here does not undo the move).
    const status = await call(requests.getStatus(profile)).catch((err: unknown) => {
      if (!(err instanceof OnvifError)) throw err;
      return '';
    });
    const position = parsePtzStatus(status);
    return position ? { position } : {};
  }
}
