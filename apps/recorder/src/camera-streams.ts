import type { EpochMs, Uidd } from '@vigil/contracts';
import type { RecorderCamera } from './camera-source.ts';
import type { LiveTranscoder } from './live/transcoder.ts';
import type { MotionWorker } from './motion/motion-worker.ts';
import type { CameraRecorderStatus, StreamState } from './recorder-events.ts';
import type { LatestStills } from './stills/stills.ts';
import { StreamWorker, type StreamWorkerContext } from './stream-worker.ts';

/**
 * Process supervision per camera: the stream workers (one supervised ffmpeg each) a camera's settings call for,
 * made, changed in place and closed as the camera source says, and their state as the recorder reports it.
 */
export interface CameraEntry {
  camera: RecorderCamera;
  main: StreamWorker;
  sd: StreamWorker | undefined;
  thumbMs: EpochMs | null;
  stillMs: EpochMs | null;
  motion: MotionWorker | undefined;
  /** The stream the motion worker taps. */
  motionOn: StreamWorker | undefined;
  /** The live H.264 fallback (decision 0461), made at its first viewer. */
  transcoder: LiveTranscoder | undefined;
}

/** Which stream a camera records and whether with its sound. */
function recordingOf(cam: RecorderCamera): { main: boolean; sd: boolean; audio: boolean } {
  const record = cam.recording !== 'off';
  // One stream is recorded: the main stream, or the SD stream when the recording resolution asks (0701).
  const recordSd = record && cam.recordStream === 'sd' && Boolean(cam.streams.sd);
  return { main: record && !recordSd, sd: recordSd, audio: cam.audio !== false };
}

/** A newly added camera's workers; its stills' times are those kept from before. */
export function newCameraEntry(
  ctx: StreamWorkerContext,
  cam: RecorderCamera,
  latest: LatestStills | undefined,
): CameraEntry {
  const r = recordingOf(cam);
  return {
    camera: cam,
    main: new StreamWorker(ctx, cam.uidd, 'main', cam.streams.main, r.main, r.audio),
    sd: cam.streams.sd ? new StreamWorker(ctx, cam.uidd, 'sd', cam.streams.sd, r.sd, r.audio) : undefined,
    thumbMs: latest?.thumbMs ?? null,
    stillMs: latest?.stillMs ?? null,
    motion: undefined,
    motionOn: undefined,
    transcoder: undefined,
  };
}

/**
 * A known camera's changed settings applied to its running workers. `dropSd` is called with the SD worker before
 * it is closed (motion may tap it). Motion is the caller's to resync afterwards.
 */
export async function updateCameraEntry(
  ctx: StreamWorkerContext,
  c: CameraEntry,
  cam: RecorderCamera,
  dropSd: (sd: StreamWorker) => Promise<void>,
): Promise<void> {
  const r = recordingOf(cam);
  c.camera = cam;
  // The fallback reads SD where there is one: a change of stream starts it anew (its viewers reconnect).
  if (Boolean(cam.streams.sd) !== Boolean(c.sd)) {
    const t = c.transcoder;
    c.transcoder = undefined;
    await t?.close();
  }
  await c.main.setUrl(cam.streams.main);
  await c.main.setAudio(r.audio);
  await c.main.setRecord(r.main);
  if (cam.streams.sd && c.sd) {
    await c.sd.setUrl(cam.streams.sd);
    await c.sd.setAudio(r.audio);
    await c.sd.setRecord(r.sd);
  } else if (cam.streams.sd) c.sd = new StreamWorker(ctx, cam.uidd, 'sd', cam.streams.sd, r.sd, r.audio);
  else if (c.sd) {
    const sd = c.sd;
    c.sd = undefined;
    await dropSd(sd);
    await sd.close();
  }
}

/** Stops every process of a camera: its streams' ffmpegs, its motion decoder, its live fallback. */
export async function closeCameraEntry(c: CameraEntry): Promise<void> {
  await Promise.all([
    c.main.close(),
    c.sd?.close() ?? Promise.resolve(),
    c.motion?.close(),
    c.transcoder?.close(),
  ]);
}

/** A camera's state as the recorder reports it. */
export function cameraStatus(uidd: Uidd, c: CameraEntry): CameraRecorderStatus {
  const state = (w: StreamWorker): StreamState => ({
    status: w.runner.status,
    running: w.runner.running,
    recording: w.recording,
    liveViewers: w.hub.subscribers,
    mimeType: w.mimeType,
    problem: w.runner.problem,
  });
  const last = Math.max(c.main.runner.lastDataAt ?? 0, c.sd?.runner.lastDataAt ?? 0);
  return {
    uidd,
    status: c.main.runner.status,
    lastActivity: last > 0 ? (last as EpochMs) : null,
    lastThumbTime: c.thumbMs,
    lastStill: c.stillMs,
    streams: c.sd ? { main: state(c.main), sd: state(c.sd) } : { main: state(c.main) },
  };
}
