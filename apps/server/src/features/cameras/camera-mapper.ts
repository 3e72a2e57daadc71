import {
  type Camera,
  type CameraPermission,
  type CameraStatus,
  type DeviceId,
  epochMs,
  type RecordingMode,
  type RecordingResolution,
  type Uid,
  type Uidd,
  type VideoCodec,
} from '@vigil/contracts';
import { toBool } from '@vigil/db';
import type { CameraRow } from './cameras-repository.ts';
import { apiStatusOf, type CameraStatusReport, STORAGE_FULL } from './status-provider.ts';

/** Row-to-API mapping for cameras and their status, in one place. Credentials are not in the row's API form. */

const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : epochMs(v));

/**
 * Spec 001 §3: localLiveHost is derived from the local live hosts and localLiveId. No local live hosts exist yet
 * (a camera's LAN-side live server, for the mobile app on the same network), so it is null unless one is listed.
 */
export function localLiveHostOf(
  localLiveId: string | null,
  hosts: Readonly<Record<string, string>>,
): string | null {
  return localLiveId === null ? null : (hosts[localLiveId] ?? null);
}

export function toCamera(
  row: CameraRow,
  tags: string[],
  opts: {
    includeStreams: boolean;
    permission: CameraPermission;
    localLiveHosts?: Readonly<Record<string, string>>;
  },
): Camera {
  return {
    logger: row.logger,
    uidd: row.uidd as Uidd,
    owner: row.owner_uid as Uid,
    deviceId: row.device_id as DeviceId,
    model: row.model,
    name: row.name,
    recordedStreamName: row.recorded_stream_name,
    macAddress: row.mac_address,
    camId: row.cam_id,
    timezoneName: row.timezone_name,
    cloudRecordingEnabled: toBool(row.cloud_recording_enabled),
    romEnabled: row.recording_mode === 'rom',
    ptzEnabled: toBool(row.ptz_enabled),
    talkbackEnabled: toBool(row.talkback_enabled),
    audioEnabled: toBool(row.audio_enabled),
    analyticsEnabled: toBool(row.analytics_enabled),
    mainstreamLive: toBool(row.mainstream_live),
    analyticsScheme: row.analytics_scheme,
    recordingResolution: row.recording_resolution as RecordingResolution,
    wowza: row.wowza,
    sdWowza: row.sd_wowza,
    cloudAdapterId: row.cloud_adapter_id,
    cloudAdapterVersion: row.cloud_adapter_version,
    localLiveHost: localLiveHostOf(row.local_live_id, opts.localLiveHosts ?? {}),
    localLiveId: row.local_live_id,
    access: row.access,
    tags,
    videoCodec: row.video_codec as VideoCodec,
    lastLogger: ms(row.last_logger),
    recordingMode: row.recording_mode as RecordingMode,
    cloudStorageDuration: row.cloud_storage_days,
    motionSensitivity: row.motion_sensitivity,
    hasSdStream: row.sd_stream_url !== null,
    video: {
      width: row.video_width,
      height: row.video_height,
      frameRate: row.frame_rate,
      audioCodec: row.audio_codec,
    },
    ...(opts.includeStreams
      ? {
          streams: {
            main: row.stream_url,
            sd: row.sd_stream_url,
            hasCredentials: row.credentials_enc !== null,
          },
        }
      : {}),
    uninstalled: toBool(row.uninstalled),
    uninstalledAt: ms(row.uninstalled_at),
    createdAt: epochMs(row.created_at),
    permission: opts.permission,
  };
}

/** The status of one camera from its row (uninstalled, live hosts) and the recorder's report, if any. */
export function toCameraStatus(row: CameraRow, report: CameraStatusReport | undefined): CameraStatus {
  const status = apiStatusOf(toBool(row.uninstalled), report);
  const live = status === 'online';
  return {
    uidd: row.uidd as Uidd,
    deviceId: row.device_id as DeviceId,
    status,
    lastThumbTime: ms(report?.lastThumbTime),
    lastActivity: ms(report?.lastActivity),
    lastStill: ms(report?.lastStill),
    liveStreaming: live && (report?.liveStreaming ?? false),
    localLiveStreaming: live && (report?.localLiveStreaming ?? false),
    liveStreamName: report?.liveStreamName ?? null,
    sdLiveStreaming: live && (report?.sdLiveStreaming ?? false),
    sdLiveStreamName: report?.sdLiveStreamName ?? null,
    wowza: report?.wowza ?? row.wowza,
    sdWowza: report?.sdWowza ?? row.sd_wowza,
    // Offline reasons only while offline; a full disk is a problem even while video flows (decision 0208).
    problem: status === 'offline' || report?.problem === STORAGE_FULL ? (report?.problem ?? null) : null,
  };
}

/**
 * The recording resolution class of a stream from its probed size, by pixel count with room for the odd sizes
 * cameras send (decision 0309): SD below 720p (640x360, 720x576), 1MP up to 1.3 MP (1280x720, 1280x960), 2MP up
 * to 1080p, 4MP up to 2688x1520, 8MP above. A size the camera did not tell is taken as 2MP, the spec's first plan.
 */
export function resolutionOf(width: number | null, height: number | null): RecordingResolution {
  if (!width || !height) return '2MP';
  const pixels = width * height;
  if (pixels < 600_000) return 'SD';
  if (pixels <= 1_500_000) return '1MP';
  if (pixels <= 2_200_000) return '2MP';
  if (pixels <= 4_600_000) return '4MP';
  return '8MP';
}
