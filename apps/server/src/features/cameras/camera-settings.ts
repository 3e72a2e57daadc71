import type { Uidd } from '@vigil/contracts';
import type { CameraRow, CamerasRepository, RecordingFields } from './cameras-repository.ts';

export type { RecordingFields } from './cameras-repository.ts';

import type { CameraTasks } from './tasks.ts';

/**
 * The cameras table's writes that other features ask for (decision 0018): motion settings (features/motion), the
 * analytics switch (features/labels), recording settings (features/camera-config), the plan's storage days
 * (features/billing), the demo's simulated cameras (features/recording),
 * the recorder that records a camera (features/fleet). The table is written by
 * this feature's repository only; permission checks stay with the caller's feature, which asks CameraAccess first.
 */
export class CameraSettings {
  readonly #cameras: CamerasRepository;
  readonly #tasks: CameraTasks;
  readonly #now: () => number;
  constructor(cameras: CamerasRepository, tasks: CameraTasks, now: () => number) {
    this.#cameras = cameras;
    this.#tasks = tasks;
    this.#now = now;
  }

  /** The recorder picks the change up without a restart. */
  async setMotion(
    uidd: Uidd,
    fields: Partial<Pick<CameraRow, 'motion_sensitivity' | 'motion_zones' | 'recording_mode'>>,
  ): Promise<void> {
    await this.#cameras.setMotion(uidd, fields, this.#now());
    this.#tasks.cameraChanged({ uidd, kind: 'updated' });
  }

  /** The owner's plan sets how long every one of their cameras keeps video (billing, decision 0741). */
  async setStorageDaysOf(owner: string, days: number): Promise<void> {
    for (const uidd of await this.#cameras.setStorageDaysOf(owner, days, this.#now()))
      this.#tasks.cameraChanged({ uidd: uidd as Uidd, kind: 'updated' });
  }

  /**
   * The licence allows the owner fewer storage days than some cameras keep (a plan ended or cut, decision 0717):
   * those cameras keep `days`, and the recorder's next retention sweep removes what is older. Returns them.
   */
  async capStorageDaysOf(owner: string, days: number): Promise<Uidd[]> {
    const capped = (await this.#cameras.capStorageDaysOf(owner, days, this.#now())) as Uidd[];
    for (const uidd of capped) this.#tasks.cameraChanged({ uidd, kind: 'updated' });
    return capped;
  }

  async setAnalytics(uidd: Uidd, enabled: boolean, scheme?: string): Promise<void> {
    await this.#cameras.setAnalytics(uidd, enabled, this.#now(), scheme);
  }

  /** PTZ and audio on or off (features/camera-config, decision 0705); the recorder is told (audio). */
  async setDevice(uidd: Uidd, fields: { ptz?: boolean; audio?: boolean }): Promise<void> {
    const row: Partial<Pick<CameraRow, 'ptz_enabled' | 'audio_enabled'>> = {};
    if (fields.ptz !== undefined) row.ptz_enabled = fields.ptz ? 1 : 0;
    if (fields.audio !== undefined) row.audio_enabled = fields.audio ? 1 : 0;
    await this.#cameras.setDevice(uidd, row, this.#now());
    this.#tasks.cameraChanged({ uidd, kind: 'updated' });
  }

  /**
   * What the main stream sends after a change on the camera (features/camera-config, decision 0714): the stored
   * size and rate, as a probe at install would have found them. The recorder needs no word: the camera restarted
   * the stream, and the recorder reconnects to it.
   */
  async setStreamInfo(uidd: Uidd, info: { width: number; height: number; frameRate: number }): Promise<void> {
    await this.#cameras.setDevice(
      uidd,
      { video_width: info.width, video_height: info.height, frame_rate: info.frameRate },
      this.#now(),
    );
  }

  /** Cloud recording, mode, resolution (features/camera-config); the recorder picks the change up at once. */
  async setRecording(uidd: Uidd, fields: Partial<RecordingFields>): Promise<void> {
    await this.#cameras.setRecording(uidd, fields, this.#now());
    this.#tasks.cameraChanged({ uidd, kind: 'updated' });
  }

  /** The owner's cameras that record to the cloud, oldest installed first (features/billing, decision 0853). */
  cloudRecordingOf(owner: string): Promise<{ uidd: string; name: string }[]> {
    return this.#cameras.cloudRecordingOf(owner);
  }

  /** Cloud recording off for these cameras (a plan with fewer cameras, decision 0853); the recorder is told. */
  async stopCloudRecording(uidds: readonly string[]): Promise<void> {
    for (const uidd of uidds) await this.setRecording(uidd as Uidd, { cloud_recording_enabled: 0 });
  }

  /** How many of the owner's installed cameras record to the cloud (features/licences). */
  countCloudRecording(owner: string): Promise<number> {
    return this.#cameras.countCloudRecording(owner);
  }

  /**
   * A recorder of the fleet took these cameras (features/fleet, decision 0600): their `logger` becomes its public
   * URL. Not a settings change: `updated_at` stays, and no recorder is told.
   */
  async assignLogger(uidds: readonly Uidd[], loggerUrl: string): Promise<void> {
    await this.#cameras.setLogger(uidds, loggerUrl, this.#now());
  }

  /**
   * A camera the server installs itself (the embedded demo's simulated cameras): inserted the first time, and its
   * stream address kept current when the simulator moves ports. The row's `updated_at` is the time of the change.
   */
  async ensureCamera(row: CameraRow & { uidd: Uidd; stream_url: string }): Promise<void> {
    const existing = await this.#cameras.find(row.uidd);
    if (!existing) {
      await this.#cameras.insert(row);
      this.#tasks.cameraChanged({ uidd: row.uidd, kind: 'installed' });
    } else if (existing.stream_url !== row.stream_url) {
      await this.#cameras.setStreamUrl(row.uidd, row.stream_url, row.updated_at);
      this.#tasks.cameraChanged({ uidd: row.uidd, kind: 'updated' });
    }
  }
}
