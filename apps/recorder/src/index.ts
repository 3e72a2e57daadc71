/**
 * The recorder's public interface: everything outside apps/recorder (the server, e2e, scripts) imports the recorder
 * from here, or test support from '@vigil/recorder/testing' (depcruise/packages.cjs holds it). This module is the
 * contract the scale-out split (issue 15) will put on the wire between the server and its recorders, so each
 * export says why the server needs it; decision 0216.
 */

// Recorded files: the server cuts exports and clips at keyframes inside the fMP4 segments the recorder writes, so
// it reads their boxes with the recorder's own parser (one reader for the format the recorder writes).
export { children } from './bmff/boxes.ts';
export { type InitInfo, parseInit, parseMoof, type TrackInfo, type TrafInfo } from './bmff/mp4.ts';
// Recording cameras: the server starts one Recorder with the cameras of its database (a CameraSource it feeds from
// the cameras feature), listens to its events (status, segments, stills, motion, storage) and asks it for live
// video, stills and the state of its disk. Scale-out: this class becomes the recorder process; its methods and
// events are the messages.
export {
  type CameraChange,
  type CameraSource,
  InMemoryCameraSource,
  type RecorderCamera,
} from './camera-source.ts';
// The install probe (the server) opens a camera the recorder's way: its address on a pipe (decision 0215).
export { cameraInputArgs, INGEST_INPUT_FD, ingestInput } from './ffmpeg/args.ts';
// Where a detection stands in the picture (people counting, alert rules, PPE).
export { type DetectorBox, pictureBox } from './labels/picture-box.ts';
// Labels: the object recogniser runs in a worker of its own; the server labels ended motion events with it.
export {
  Recogniser,
  type RecogniserOptions,
  type RecogniserStats,
  type Recognition,
} from './labels/recogniser.ts';
// Decodes only analytics use run this far below recording and live (decision 0798).
export { ANALYSIS_NICE } from './labels/settings.ts';
// Live: the server relays a stream's fMP4 chunks to WebSocket and HLS viewers.
export type { LiveChunk, LiveListener } from './live/live-hub.ts';
export type { RecorderLog } from './log.ts';
// Motion: the recorder detects, the server stores events and pictures (MotionSink); an event still open after
// the recorder's own cap (MOTION_EVENT_MAX_MS) is shown as ended by the server's queries.
export type {
  CameraMotionSettings,
  MotionEventEnded,
  MotionEventStarted,
  MotionNotice,
  MotionPictures,
  MotionSink,
} from './motion/sink.ts';
export { MOTION_EVENT_MAX_MS } from './motion/tracker.ts';
// People counting (decision 0794): the server tracks what the recogniser finds in a camera's keyframes while motion
// lasts and counts the crossings of its count lines; the tracker and the crossing geometry are recorder code (0793).
export { type CountLine, type Crossing, crossings } from './people/line-crossing.ts';
export { type Box, type Track, Tracker } from './people/tracker.ts';
// Plates: vehicles' licence plates of an event's pictures, in a worker of its own (decision 0790).
export type { ColourName } from './plates/colour.ts';
// PPE (decision 0870): the colour check of a person's head and torso; the server decodes an event's still with the
// plates' decoder (ffmpeg, at most 1920 wide) and judges the detector's person boxes with it.
export { decodeJpeg, jpegSize } from './plates/picture.ts';
export type { PlateLocation, PlateRead, Vehicle } from './plates/plate-reader.ts';
export {
  PlateRecogniser,
  type PlateRecogniserStats,
  type PlateRecognition,
} from './plates/plate-recogniser.ts';
export type { PictureReads } from './plates/protocol.ts';
export type { PixelBox, Rgb } from './plates/rgb.ts';
export {
  checkPpe,
  HELMET_MIN_SHARE,
  missingConfidence,
  type PpeVerdict,
  VEST_MIN_SHARE,
} from './ppe/ppe-check.ts';
export {
  type CameraRecorderStatus,
  Recorder,
  type RecorderEvents,
  type RecorderOptions,
  type StatusEvent,
  type StillEvent,
  type StreamState,
} from './recorder.ts';
export { lowerPriority } from './stills/run-ffmpeg.ts';
// Stills: the latest thumbnail and still the recorder keeps per camera (the Recorder's stills answer).
export type { LatestStills } from './stills/stills.ts';
// Where the recorded files are kept (decision 0619): this disk or an S3 bucket. The server reads what it serves
// (playlists' files, clips, stills) through the same store the recorder writes to.
export { openSegmentStore, type SegmentStoreSettings } from './storage/open-segment-store.ts';
export {
  type BucketStatus,
  type ByteSpan,
  LocalSegmentStore,
  type SegmentStore,
  type StagedFiles,
  type StoredFile,
} from './storage/segment-store.ts';
// Storage: the segment index is the recorder's table; the server reads it (timeline, playback, HLS, exports)
// through the recorder's repository so that the two agree on its rows. Scale-out: the index lives in the shared
// PostgreSQL and the server keeps reading it directly, not over the wire. The watermark's state and reclaimers
// let the server report a full disk and give up its event pictures for space.
export { type Segment, SegmentsRepository, type StreamName } from './storage/segments-repository.ts';
export type { Reclaimer, StorageState, WatermarkSettings } from './storage/watermark.ts';
export type { StreamProblem } from './supervisor/failure.ts';
// Processes: the server's ffmpeg jobs (exports, stills at a time) die with it as the recorder's do. A process
// helper rather than recording: a candidate for a small shared package when the processes split.
export { spawnTied } from './supervisor/process.ts';
export type { StreamStatus } from './supervisor/stream-runner.ts';
