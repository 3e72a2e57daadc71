import type { EpochMs, Uidd } from '@vigil/contracts';
import type { MotionNotice } from './motion/sink.ts';
import type { Segment, StreamName } from './storage/segments-repository.ts';
import type { StorageState } from './storage/watermark.ts';
import type { StreamProblem } from './supervisor/failure.ts';
import type { StreamStatus } from './supervisor/stream-runner.ts';

/** What the recorder tells of its cameras: their state, and the events it emits (Recorder's EventEmitter). */

export interface StreamState {
  status: StreamStatus;
  /** ffmpeg runs (recorded or watched). */
  running: boolean;
  recording: boolean;
  liveViewers: number;
  /** For MSE: video/mp4; codecs="..."; known once the stream has started. */
  mimeType: string | undefined;
  /** Why it gives no video, from its last ffmpeg run (decision 0308); null while video flows or when unknown. */
  problem: StreamProblem | null;
}

/** A camera as the recorder sees it (spec 001 §3 camera status: status, lastActivity, lastThumbTime, lastStill). */
export interface CameraRecorderStatus {
  uidd: Uidd;
  /** The main stream's status. */
  status: StreamStatus;
  /** Last bytes from the camera, epoch ms. */
  lastActivity: EpochMs | null;
  lastThumbTime: EpochMs | null;
  lastStill: EpochMs | null;
  streams: { main: StreamState; sd?: StreamState };
}

export interface StatusEvent {
  uidd: Uidd;
  stream: StreamName;
  status: StreamStatus;
  at: EpochMs;
}

export interface StillEvent {
  uidd: Uidd;
  thumbMs: EpochMs;
  stillMs: EpochMs;
}

export type RecorderEvents = {
  status: [StatusEvent];
  /** A segment was closed and indexed. */
  segment: [Segment];
  still: [StillEvent];
  /** A motion event started (stored by the sink) or ended. */
  motion: [MotionNotice];
  /** The storage watermark's state after each check ('full': it cannot be kept). */
  storage: [StorageState];
};
