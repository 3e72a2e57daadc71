import { CAMERA_ACCESS_DEFAULT, MOTION_SENSITIVITY_DEFAULT, type Uidd, uiddOf } from '@vigil/contracts';
import type { CamerasTable as CameraRow } from '@vigil/db';
import { isPortFree, type SimCameraOptions, type Simulator, startSimulator } from '@vigil/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';

/** Demo cameras keep one day of recordings: a newcomer's disk should not fill up. */
const DEMO_STORAGE_DAYS = 1;
/** Small, cheap cameras: 720p at 10 fps, replayed loops (~1 % of a core each), 500 kbit/s. */
const DEMO_CAMERA: SimCameraOptions = { resolution: '720p', fps: 10, gopSec: 2, kbps: 500 };
/** Each demo camera moves at a different time, so the grid does not show the same picture thrice. */
const DEMO_MOTION: Array<Array<[number, number]>> = [
  [[5, 12]],
  [
    [0, 4],
    [14, 18],
  ],
  [[8, 16]],
];
const DEMO_NAMES = ['Entrance', 'Car park', 'Warehouse', 'Back door', 'Office', 'Loading bay'];
/** What each camera looks at, matching its name: the shop's entrance, the car park, the warehouse's yard. */
const DEMO_VIEWS = ['shop', 'car-park', 'yard'] as const;

export interface DemoCameras {
  simulator: Simulator;
  stop(): Promise<void>;
}

/**
 * The embedded default's demo cameras (DEMO_CAMERAS): starts that many simulated RTSP cameras on 127.0.0.1 from
 * `firstPort` (the next free ports), and gives them to the demo account — created on first start, their
 * addresses brought up to date on every start (the ports may differ). The recorder is told of each change.
 */
export async function startDemoCameras(d: {
  users: Pick<UserDirectory, 'demoUid'>;
  cameras: Pick<CameraSettings, 'ensureCamera'>;
  count: number;
  firstPort: number;
  loggerUrl: string;
  liveUrl: string;
  log: FastifyBaseLogger;
}): Promise<DemoCameras | undefined> {
  const demoUid = await d.users.demoUid();
  if (!demoUid) return undefined;
  const ports = await freePorts(d.count, d.firstPort);
  const simulator = await startSimulator({
    cameras: Array.from({ length: d.count }, (_, i) => ({
      ...DEMO_CAMERA,
      motion: DEMO_MOTION[i % DEMO_MOTION.length],
      // A scene a customer recognises (decision 0876); the first camera's is a shop whose customer is a person
      // (a photograph), so its events get recognition labels (0555).
      view: DEMO_VIEWS[i % DEMO_VIEWS.length],
    })),
    // Consecutive ports when free (stable addresses from one start to the next), else the free ones found.
    ...(ports.at(-1)! - ports[0]! === d.count - 1
      ? { basePort: ports[0]! }
      : { portRange: [ports[0]!, ports.at(-1)!] as [number, number] }),
    log: (line) => d.log.debug(line),
  });
  const now = Date.now();
  for (const [i, cam] of simulator.cameras.entries()) {
    const deviceId = `demo${i + 1}`;
    const uidd = uiddOf(demoUid, deviceId);
    await d.cameras.ensureCamera(
      demoRow(uidd, demoUid, deviceId, DEMO_NAMES[i % DEMO_NAMES.length]!, cam.urls.main, now, d),
    );
  }
  d.log.info({ cameras: simulator.cameras.map((c) => c.port) }, 'demo cameras started');
  return { simulator, stop: () => simulator.stop() };
}

/** `n` free ports from `first` on, consecutive where possible. */
async function freePorts(n: number, first: number): Promise<number[]> {
  const out: number[] = [];
  for (let p = first; out.length < n && p < first + 200 && p <= 65535; p++)
    if (await isPortFree(p, '127.0.0.1')) out.push(p);
  if (out.length < n) throw new Error(`no ${n} free ports from ${first} for the demo cameras`);
  return out;
}

function demoRow(
  uidd: Uidd,
  owner: string,
  deviceId: string,
  name: string,
  url: string,
  now: number,
  d: { loggerUrl: string; liveUrl: string },
): CameraRow & { uidd: Uidd; stream_url: string } {
  return {
    uidd,
    owner_uid: owner,
    device_id: deviceId,
    name,
    model: 'Simulated camera',
    logger: d.loggerUrl,
    last_logger: now,
    recorded_stream_name: uidd,
    mac_address: null,
    cam_id: deviceId,
    timezone_name: 'UTC',
    cloud_recording_enabled: 1,
    recording_mode: 'continuous',
    ptz_enabled: 0,
    talkback_enabled: 0,
    audio_enabled: 0,
    // Demo cameras show recognition labels (decision 0555).
    analytics_enabled: 1,
    analytics_scheme: null,
    mainstream_live: 1,
    recording_resolution: '2MP',
    wowza: d.liveUrl,
    sd_wowza: null,
    cloud_adapter_id: null,
    cloud_adapter_version: null,
    local_live_id: null,
    access: CAMERA_ACCESS_DEFAULT,
    video_codec: 'h264',
    video_width: 1280,
    video_height: 720,
    frame_rate: DEMO_CAMERA.fps ?? 10,
    audio_codec: null,
    stream_url: url,
    sd_stream_url: null,
    credentials_enc: null,
    credentials_key_id: null,
    cloud_storage_days: DEMO_STORAGE_DAYS,
    motion_sensitivity: MOTION_SENSITIVITY_DEFAULT,
    uninstalled: 0,
    uninstalled_at: null,
    created_at: now,
    updated_at: now,
  };
}
