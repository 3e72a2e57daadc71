import type { Db } from '@vigil/db';
import type { CameraSource } from './camera-source.ts';
import type { RecorderLog } from './log.ts';
import type { MotionSink } from './motion/sink.ts';
import type { RecordersAlive } from './storage/gone-retention.ts';
import type { SegmentStore } from './storage/segment-store.ts';
import type { Reclaimer, WatermarkSettings } from './storage/watermark.ts';
import type { SupervisionSettings } from './supervisor/stream-runner.ts';

export interface RecorderOptions {
  db: Db;
  /** Recordings go to <dataDir>/recordings, stills to <dataDir>/stills. */
  dataDir: string;
  source: CameraSource;
  log?: RecorderLog;
  now?: () => number;
  ffmpegPath?: string;
  /**
   * This recorder's RECORDER_ID when several share the database (decision 0601): written into each segment row,
   * so any server can name the host holding the file. Undefined: the embedded default, the rows name no host.
   */
  recorderId?: string | undefined;
  /**
   * A fleet's recorder: which other recorders are alive. Retention of the cameras it holds (and a deleted camera)
   * then deletes the footage other recorders that are gone left in the index and the bucket (decision 0882).
   */
  recordersAlive?: RecordersAlive | undefined;
  /**
   * Where closed segments are kept, read and deleted (decision 0619); default this disk, `<dataDir>/recordings`.
   * Its `root` must be that directory: the writer writes there first. The caller closes it.
   */
  segmentStore?: SegmentStore | undefined;
  /** Segments are cut at the first keyframe after this many ms (default 4000). */
  segmentTargetMs?: number;
  /** Watchdog: ffmpeg silent this long is restarted (default 10 000). */
  stallTimeoutMs?: number;
  /** ffmpeg's RTSP socket timeout (default 5000). */
  rtspTimeoutMs?: number;
  /** Restart backoff: initial delay, doubling to the cap (defaults 1000 and 60 000). */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** A run that delivered video this long resets the backoff (default 30 000). */
  healthyRunMs?: number;
  /** ffmpeg's initial probe of a stream (default 500; raised automatically when a camera needs more). */
  analyzeMs?: number;
  /** How often each camera's thumbnail and still are refreshed (default 300 000; 0: only on request). A still
   * costs ~70 ms of CPU, most of it ffmpeg starting: 0.02 % of a core per camera at this default. */
  stillIntervalMs?: number;
  /** Closed segments are indexed together, at most this long after they close (default 1000; 0: at once). */
  indexDelayMs?: number;
  /** How often retention runs (default 600 000; 0: only on request). */
  retentionIntervalMs?: number;
  /** Free space kept on the recordings' disk by deleting the oldest footage, and the reserve left to the database
   * (decision 0208; defaults 5 %, 2 GiB, 256 MiB). */
  storageWatermark?: Partial<WatermarkSettings>;
  /** How often free space is measured (default 10 000; 0: only on request and when a write fails). */
  storageCheckIntervalMs?: number;
  /** Footage that ended less than this long ago is never deleted for space (default 60 000). */
  storageKeepRecentMs?: number;
  /** Deleted for space once no footage is left to delete (the server's event pictures). */
  storageReclaimers?: Reclaimer[];
  /** An unrecorded stream keeps running this long after its last live viewer leaves (default 30 000). */
  liveLingerMs?: number;
  /** The live H.264 fallback runs this long after its last viewer leaves (default 10 000; decision 0461). */
  transcodeLingerMs?: number;
  /** Where motion events go; without one there is no motion detection (and rom cameras keep everything). */
  motionSink?: MotionSink;
  /** Which stream motion detection decodes: 'auto' (default) the SD stream where the camera has one, else the
   * main stream's keyframes; 'main' always the main stream's keyframes. */
  motionStream?: 'auto' | 'main';
  /** Record on motion: video kept before and after events (defaults 5000 and 5000), and how long after its end a
   * segment waits for a late detection (default 15 000). */
  romPreMs?: number;
  romPostMs?: number;
  romSettleMs?: number;
}

/** Each stream's ffmpeg supervision, from the options and their defaults. */
export function supervisionSettings(o: RecorderOptions): SupervisionSettings {
  return {
    ffmpegPath: o.ffmpegPath ?? 'ffmpeg',
    rtspTimeoutMs: o.rtspTimeoutMs ?? 5000,
    stallTimeoutMs: o.stallTimeoutMs ?? 10_000,
    backoffInitialMs: o.backoffInitialMs ?? 1000,
    backoffMaxMs: o.backoffMaxMs ?? 60_000,
    healthyRunMs: o.healthyRunMs ?? 30_000,
    analyzeMs: o.analyzeMs ?? 500,
  };
}
