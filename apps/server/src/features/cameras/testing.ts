import type { Uidd } from '@vigil/contracts';
import type { TestApp } from '../../testing/harness.ts';
import { type CameraRow, CamerasRepository } from './cameras-repository.ts';
import type { CameraProbe, ProbeOutcome, ProbeTarget } from './probe.ts';
import type { CameraPtzControl, OnvifTarget, PtzVector } from './ptz.ts';
import type { InMemoryCameraStatus } from './status-provider.ts';
import type { RecordedCameraTasks } from './tasks.ts';

/** Test support for the cameras feature (not a test file itself). */

export const H264_1080P: ProbeOutcome = {
  ok: true,
  info: { videoCodec: 'h264', width: 1920, height: 1080, frameRate: 25, audioCodec: null },
};

/** A probe that answers what the test says and remembers what it was asked (URLs with credentials). */
export class FakeProbe implements CameraProbe {
  targets: ProbeTarget[] = [];
  next: ProbeOutcome | ((t: ProbeTarget) => ProbeOutcome) = H264_1080P;
  async probe(target: ProbeTarget): Promise<ProbeOutcome> {
    this.targets.push(target);
    return typeof this.next === 'function' ? this.next(target) : this.next;
  }
}

/** PTZ without a camera: detects what the test says, records moves (targets with credentials). */
export class FakePtz implements CameraPtzControl {
  detected = false;
  detections: OnvifTarget[] = [];
  moves: Array<{ key: string; target: OnvifTarget; direction: string }> = [];
  failure: Error | undefined;
  async detect(target: OnvifTarget): Promise<boolean> {
    this.detections.push(target);
    return this.detected;
  }
  async move(key: string, target: OnvifTarget, direction: string): Promise<{ position?: PtzVector }> {
    if (this.failure) throw this.failure;
    this.moves.push({ key, target, direction });
    return {};
  }
  /** Presets as a camera keeps them: tokens p1, p2… in the order saved. */
  presetList: { token: string; name: string }[] = [];
  async presets(): Promise<{ token: string; name: string }[]> {
    if (this.failure) throw this.failure;
    return [...this.presetList];
  }
  async savePreset(_key: string, _target: OnvifTarget, name: string): Promise<string> {
    if (this.failure) throw this.failure;
    const token = `p${this.presetList.length + 1}`;
    this.presetList.push({ token, name });
    return token;
  }
  async gotoPreset(key: string, target: OnvifTarget, preset: string): Promise<{ position?: PtzVector }> {
    return this.move(key, target, `preset ${preset}`);
  }
  async removePreset(_key: string, _target: OnvifTarget, preset: string): Promise<void> {
    if (this.failure) throw this.failure;
    this.presetList = this.presetList.filter((p) => p.token !== preset);
  }
}

/** A user with a signed-in token. */
export async function signedInUser(
  t: TestApp,
  accountType: 'u' | 'i' | 'd' | 's' = 'u',
): Promise<{ uid: string; token: string; email: string; password: string }> {
  const u = await t.createUser({ accountType });
  const res = await t.call({
    method: 'POST',
    url: '/login',
    payload: { email: u.email, password: u.password },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ...u, token: res.json.authToken as string };
}

export async function demoSession(t: TestApp): Promise<{ uid: string; token: string }> {
  const res = await t.call({ method: 'GET', url: '/login/demo' });
  if (res.status !== 200) throw new Error(`demo login failed: ${res.status}`);
  return { uid: res.json.uid as string, token: res.json.authToken as string };
}

/** A camera row as an install would leave it (no probe), for tests, e2e fixtures and benchmarks. */
export function cameraRow(o: {
  owner: string;
  deviceId: string;
  name: string;
  now: number;
  streamUrl: string;
  fields?: Partial<CameraRow>;
}): CameraRow {
  const uidd = `${o.owner}.${o.deviceId}`;
  return {
    uidd,
    owner_uid: o.owner,
    device_id: o.deviceId,
    name: o.name,
    model: 'RTSP camera',
    logger: 'http://localhost:8080',
    last_logger: o.now,
    recorded_stream_name: uidd,
    mac_address: null,
    cam_id: o.deviceId,
    timezone_name: 'UTC',
    cloud_recording_enabled: 1,
    recording_mode: 'continuous',
    ptz_enabled: 0,
    talkback_enabled: 0,
    audio_enabled: 0,
    analytics_enabled: 0,
    analytics_scheme: null,
    mainstream_live: 1,
    recording_resolution: '2MP',
    wowza: 'http://localhost:8080',
    sd_wowza: null,
    cloud_adapter_id: null,
    cloud_adapter_version: null,
    local_live_id: null,
    access: 'a',
    video_codec: 'h264',
    video_width: 1920,
    video_height: 1080,
    frame_rate: 25,
    audio_codec: null,
    stream_url: o.streamUrl,
    sd_stream_url: null,
    credentials_enc: null,
    credentials_key_id: null,
    cloud_storage_days: 30,
    motion_sensitivity: 5,
    uninstalled: 0,
    uninstalled_at: null,
    created_at: o.now,
    updated_at: o.now,
    ...o.fields,
  };
}

let n = 0;
/** Inserts a camera row directly (no probe), for tests of everything after install. */
export async function insertCamera(
  t: TestApp,
  owner: string,
  fields: Partial<{
    ptz: boolean;
    uninstalled: boolean;
    name: string;
    sd: boolean;
    size: [number, number];
    timezone: string;
  }> = {},
): Promise<Uidd> {
  n += 1;
  const deviceId = `dev${n}x${Date.now().toString(36)}`;
  const now = t.clock.now();
  const row = cameraRow({
    owner,
    deviceId,
    name: fields.name ?? `Camera ${n}`,
    now,
    streamUrl: `rtsp://198.51.100.${n % 250}:554/live`,
    fields: {
      ptz_enabled: fields.ptz ? 1 : 0,
      mainstream_live: fields.sd ? 0 : 1,
      sd_wowza: fields.sd ? 'http://localhost:8080' : null,
      sd_stream_url: fields.sd ? `rtsp://198.51.100.${n % 250}:554/sd` : null,
      uninstalled: fields.uninstalled ? 1 : 0,
      uninstalled_at: fields.uninstalled ? now : null,
      ...(fields.timezone ? { timezone_name: fields.timezone } : {}),
      ...(fields.size ? { video_width: fields.size[0], video_height: fields.size[1] } : {}),
    },
  });
  await new CamerasRepository(t.db.db).insert(row);
  return row.uidd as Uidd;
}

export const statusBoard = (t: TestApp) => t.app.services.cameras.statusBoard as InMemoryCameraStatus;
export const recordedTasks = (t: TestApp) => t.app.services.cameras.tasks as RecordedCameraTasks;
