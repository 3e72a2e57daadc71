export {
  type CameraChange,
  type CameraSource,
  InMemoryCameraSource,
  type RecorderCamera,
} from './camera-source.ts';
// How the install probe (the server) opens a camera the recorder's way: its address on a pipe (decision 0215).
export { cameraInputArgs, INGEST_INPUT_FD, ingestInput, invalidCameraUrl } from './ffmpeg/args.ts';
export { redact, redactUrl } from './ffmpeg/redact.ts';
export {
  Recogniser,
  type RecogniserOptions,
  type RecogniserStats,
  type Recognition,
} from './labels/recogniser.ts';
export type { LiveChunk, LiveListener } from './live/live-hub.ts';
export type { RecorderLog } from './log.ts';
export type {
  CameraMotionSettings,
  MotionEventEnded,
  MotionEventStarted,
  MotionNotice,
  MotionPictures,
  MotionSink,
} from './motion/sink.ts';
export { MOTION_EVENT_MAX_MS } from './motion/tracker.ts';
export {
  type CameraRecorderStatus,
  DEFAULT_MOTION_SETTINGS,
  Recorder,
  type RecorderEvents,
  type RecorderOptions,
  type StatusEvent,
  type StillEvent,
  type StreamState,
} from './recorder.ts';
export type { LatestStills } from './stills/stills.ts';
export type { Segment, SegmentsRepository, StreamName } from './storage/segments-repository.ts';
export type { Reclaimer, StorageState, WatermarkSettings } from './storage/watermark.ts';
export type { StreamProblem } from './supervisor/failure.ts';
export type { StreamStatus } from './supervisor/stream-runner.ts';
