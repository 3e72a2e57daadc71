/**
 * Cameras and what hangs off them (migration 0002). Booleans are 0/1 integers, times epoch ms, JSON as text.
 * Stream addresses are stored without credentials; the credentials are in `credentials_enc`, encrypted with
 * AES-256-GCM under the key named by `credentials_key_id` (apps/server/src/features/cameras/credentials.ts).
 */
export interface CamerasTable {
  /** owner.deviceId */
  uidd: string;
  owner_uid: string;
  device_id: string;
  name: string;
  model: string;
  /** Base URL of the recorder ("logger") host that owns the camera. */
  logger: string;
  /** When the camera was last assigned to its logger host. */
  last_logger: number | null;
  recorded_stream_name: string;
  mac_address: string | null;
  cam_id: string;
  timezone_name: string;
  cloud_recording_enabled: number;
  /** 'continuous' | 'rom' (record on motion); the API's romEnabled is derived from it. */
  recording_mode: string;
  ptz_enabled: number;
  /** Port of the camera's ONVIF device service on the stream's host (migration 0307); null or absent: none
   * known. */
  onvif_port?: number | null;
  talkback_enabled: number;
  audio_enabled: number;
  analytics_enabled: number;
  analytics_scheme: string | null;
  mainstream_live: number;
  /** 'SD' | '1MP' | '2MP' | '4MP' | '8MP' (decision 0309): the class of the recorded stream. */
  recording_resolution: string;
  /** The chosen nvrmode code (spec 001 §7: SD=1, 2MP=0, 4MP=3, 8MP=2); null: none chosen (migration 0700). */
  nvr_mode?: number | null;
  /** 'main' | 'sd': the stream the recorder records (migration 0700; the database default is 'main'). */
  recorded_stream?: string;
  /** Base URL of the live host for the main stream, and for the SD stream when there is one. */
  wowza: string | null;
  sd_wowza: string | null;
  cloud_adapter_id: string | null;
  cloud_adapter_version: string | null;
  local_live_id: string | null;
  access: string;
  /** 'h264' | 'h265' */
  video_codec: string;
  video_width: number | null;
  video_height: number | null;
  frame_rate: number | null;
  audio_codec: string | null;
  /** rtsp(s)://host:port/path, never with credentials. */
  stream_url: string;
  sd_stream_url: string | null;
  /** Encrypted JSON { main: {username, password} | null, sd: ... | null }, or null without credentials. */
  credentials_enc: string | null;
  credentials_key_id: string | null;
  cloud_storage_days: number;
  motion_sensitivity: number;
  /** JSON [{ name, points: [[x, y], ...] }] in 0..1 picture coordinates (migration 0008; the database default is
   * '[]', so rows may be written without it). */
  motion_zones?: string;
  uninstalled: number;
  uninstalled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CameraTagsTable {
  uidd: string;
  tag: string;
  /** Order in which the tags were given. */
  position: number;
}

/** Per user and camera (spec 000 §3: "viewer settings are per camera"); the shape is the web app's. */
export interface ViewerSettingsTable {
  uid: string;
  uidd: string;
  /** JSON object */
  settings: string;
  updated_at: number;
}

export interface CameraTables {
  cameras: CamerasTable;
  camera_tags: CameraTagsTable;
  viewer_settings: ViewerSettingsTable;
}
