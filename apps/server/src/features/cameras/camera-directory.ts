import {
  type CameraUrl,
  formatCameraUrl,
  type MotionZone,
  MotionZones,
  parseCameraUrl,
  type RecordingMode,
  type Uidd,
  type VideoCodec,
} from '@vigil/contracts';
import { toBool } from '@vigil/db';
import type { CameraRow, CamerasRepository } from './cameras-repository.ts';
import type { CredentialCipher, StreamCredentials } from './credentials.ts';
import { ONVIF_DEFAULT_PORT, type OnvifTarget } from './ptz.ts';

/**
 * What a recorder needs to record a camera, with the stream addresses WITH credentials. For the recorder only:
 * never answer it, never log it (log `uidd`, or formatCameraUrl of the parsed address, which has no credentials).
 */
export interface RecorderCamera {
  uidd: Uidd;
  owner: string;
  deviceId: string;
  name: string;
  logger: string;
  /** rtsp(s)://user:password@host:port/path — secret. */
  mainUrl: string;
  sdUrl: string | null;
  videoCodec: VideoCodec;
  cloudRecordingEnabled: boolean;
  recordingMode: RecordingMode;
  /** The stream recorded (the recording resolution, decision 0701). */
  recordedStream: 'main' | 'sd';
  /** The camera's sound is taken (decision 0715). */
  audioEnabled: boolean;
  cloudStorageDays: number;
  motionSensitivity: number;
  /** Detection zones (spec 001 §5); none: the whole picture. */
  motionZones: MotionZone[];
  timezoneName: string;
  updatedAt: number;
}

/** The recorder's read side of the cameras table: which cameras to record, and how to reach them. */
export class CameraDirectory {
  readonly #cameras: CamerasRepository;
  readonly #cipher: CredentialCipher;
  constructor(cameras: CamerasRepository, cipher: CredentialCipher) {
    this.#cameras = cameras;
    this.#cipher = cipher;
  }

  /** Installed cameras, of every logger host or of one. */
  async installed(logger?: string): Promise<RecorderCamera[]> {
    return (await this.#cameras.listInstalled(logger)).map((r) => this.#toRecorder(r));
  }

  /** One camera, or undefined when it does not exist or is uninstalled. */
  async get(uidd: string): Promise<RecorderCamera | undefined> {
    const row = await this.#cameras.find(uidd);
    return row && !toBool(row.uninstalled) ? this.#toRecorder(row) : undefined;
  }

  /**
   * Where to reach the camera's ONVIF service: the main stream's host, the stored ONVIF port (else 80), the main
   * stream's credentials (one user for RTSP and ONVIF, as cameras have). Secret: never log the result.
   */
  onvifTarget(r: CameraRow): OnvifTarget {
    const parsed = parseCameraUrl(r.stream_url);
    if (!parsed.ok) throw new Error('a stored camera address no longer parses');
    const main = this.#credentials(r).main;
    return {
      host: parsed.value.host,
      port: r.onvif_port ?? ONVIF_DEFAULT_PORT,
      ...(main?.username !== undefined
        ? { credentials: { username: main.username, password: main.password ?? '' } }
        : {}),
    };
  }

  #credentials(r: CameraRow): { main: StreamCredentials | null; sd: StreamCredentials | null } {
    return r.credentials_enc && r.credentials_key_id
      ? this.#cipher.decrypt(r.uidd, r.credentials_enc, r.credentials_key_id)
      : { main: null, sd: null };
  }

  #toRecorder(r: CameraRow): RecorderCamera {
    const creds = this.#credentials(r);
    return {
      uidd: r.uidd as Uidd,
      owner: r.owner_uid,
      deviceId: r.device_id,
      name: r.name,
      logger: r.logger,
      audioEnabled: toBool(r.audio_enabled),
      mainUrl: withCredentials(r.stream_url, creds.main),
      sdUrl: r.sd_stream_url === null ? null : withCredentials(r.sd_stream_url, creds.sd),
      videoCodec: r.video_codec as VideoCodec,
      cloudRecordingEnabled: toBool(r.cloud_recording_enabled),
      recordingMode: r.recording_mode as RecordingMode,
      recordedStream: r.recorded_stream === 'sd' ? 'sd' : 'main',
      cloudStorageDays: r.cloud_storage_days,
      motionSensitivity: r.motion_sensitivity,
      motionZones: parseZones(r.motion_zones),
      timezoneName: r.timezone_name,
      updatedAt: r.updated_at,
    };
  }
}

function parseZones(json: string | undefined): MotionZone[] {
  try {
    const parsed = MotionZones.safeParse(JSON.parse(json ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function withCredentials(stored: string, creds: StreamCredentials | null): string {
  const parsed = parseCameraUrl(stored);
  if (!parsed.ok) throw new Error('a stored camera address no longer parses');
  const u: CameraUrl = { ...parsed.value, username: creds?.username, password: creds?.password };
  return formatCameraUrl(u, { withCredentials: true });
}
