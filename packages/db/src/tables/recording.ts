/** One recorded fMP4 media segment (moof+mdat fragments starting at a keyframe), playable after its init. */
export interface SegmentsTable {
  id: string;
  camera_uidd: string;
  /** 'main' or 'sd'. */
  stream: string;
  /** Wall-clock time of the first frame, epoch ms. */
  start_ms: number;
  /** Wall-clock time just after the last frame, epoch ms. */
  end_ms: number;
  bytes: number;
  /** Relative to the recordings directory. */
  path: string;
  /** The init segment (ftyp+moov) to put before it, relative to the recordings directory. */
  init_path: string;
  /** RFC 6381 codecs of the segment's tracks, e.g. "avc1.64001f,mp4a.40.2". */
  codec: string;
  /**
   * The segment's keyframes after its first, `ms:byte` pairs (media ms from the segment's start, byte offset of
   * the fragment the keyframe opens), comma-separated; '' when it has one; NULL when not known (migration 0510).
   */
  keyframes?: string | null;
  /** 1 on the first segment of a recorder ffmpeg run (timestamps restart), 0 after it; NULL before 0507. */
  run_start?: number | null;
  /** The recorder whose disk holds the file (its RECORDER_ID); NULL: the process serving the index (0601). */
  recorder_id?: string | null;
  /** When the file was uploaded to the bucket (epoch ms, decision 0856); NULL: only on its recorder's disk. */
  stored_ms?: number | null;
}

/** The latest thumbnail and still of each camera (spec 001 §3 camera status: lastThumbTime, lastStill). */
export interface CameraStillsTable {
  camera_uidd: string;
  thumb_path: string | null;
  thumb_ms: number | null;
  still_path: string | null;
  still_ms: number | null;
}

/** A camera's online/offline state as last told (migration 1000, decision 0874). */
export interface CameraStatusNoticesTable {
  uidd: string;
  state: 'online' | 'offline';
  /** When the state began, epoch ms. */
  since: number;
  /** Grows with each told change: the conditional update's guard. */
  version: number;
  changed_at: number;
}

/** Tables of the recorder (migrations 0003, 1000). */
export interface RecordingTables {
  segments: SegmentsTable;
  camera_stills: CameraStillsTable;
  camera_status_notices: CameraStatusNoticesTable;
}
