import { TALKBACK_MAX_WAITING, type TalkbackResponse, type Uidd } from '@vigil/contracts';
import { toBool } from '@vigil/db';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraDirectory } from '../cameras/camera-directory.ts';
import { type CameraSpeaker, RtspError } from '../cameras/rtsp/speaker.ts';

/**
 * Two-way audio (spec 001 §7, decision 0709): a clip recorded in the browser played out of the camera's speaker.
 * Speaking through a camera is controlling it, so it takes the PTZ right (owner, co-owners, admins); the demo
 * may not. One clip plays at a time per camera; TALKBACK_MAX_WAITING wait their turn, more are refused.
 */
export class TalkbackService {
  readonly #access: CameraAccess;
  readonly #directory: CameraDirectory;
  readonly #speaker: CameraSpeaker;
  readonly #queues = new Map<string, { last: Promise<unknown>; waiting: number }>();

  constructor(d: { access: CameraAccess; directory: CameraDirectory; speaker: CameraSpeaker }) {
    this.#access = d.access;
    this.#directory = d.directory;
    this.#speaker = d.speaker;
  }

  /** Plays the clip `clipOf` reads, once the caller may talk through a camera that has a speaker. */
  async talk(caller: Caller, uidd: Uidd, clipOf: () => Promise<Buffer>): Promise<TalkbackResponse> {
    if (caller.demo)
      throw new HttpError(403, 'demo_restricted', 'Demo account: you cannot talk through cameras');
    const row = await this.#access.require(caller, uidd, 'ptz');
    if (!toBool(row.talkback_enabled)) throw noSpeaker();
    const clip = await clipOf();
    if (clip.length === 0) throw new HttpError(400, 'talkback_bad_audio', 'The recording is empty');
    const camera = await this.#directory.get(uidd);
    if (!camera) throw new HttpError(404, 'not_found', 'No such camera');
    const { playedMs } = await this.#queued(uidd, () => this.#play(camera.mainUrl, clip));
    return { uidd, playedMs };
  }

  async #play(url: string, clip: Buffer): Promise<{ playedMs: number }> {
    try {
      return await this.#speaker.play(url, clip);
    } catch (e) {
      if (!(e instanceof RtspError)) throw e;
      if (e.kind === 'no_speaker') throw noSpeaker();
      if (e.kind === 'bad_audio')
        throw new HttpError(400, 'talkback_bad_audio', 'The recording could not be read as sound');
      throw new HttpError(502, 'talkback_failed', `The camera did not take the sound: ${e.message}`);
    }
  }

  #queued<T>(uidd: string, work: () => Promise<T>): Promise<T> {
    const q = this.#queues.get(uidd) ?? { last: Promise.resolve(), waiting: 0 };
    if (q.waiting > TALKBACK_MAX_WAITING)
      throw new HttpError(
        429,
        'talkback_busy',
        'The camera is already playing other messages; try again shortly',
      );
    q.waiting++;
    this.#queues.set(uidd, q);
    const run = q.last.then(work, work);
    q.last = run.catch(() => undefined);
    return run.finally(() => {
      q.waiting--;
      if (q.waiting === 0) this.#queues.delete(uidd);
    });
  }
}

const noSpeaker = () =>
  new HttpError(400, 'talkback_unsupported', 'This camera has no speaker the service can talk through');
