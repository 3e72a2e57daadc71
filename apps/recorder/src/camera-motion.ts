import type { RecorderCamera } from './camera-source.ts';
import type { CameraEntry } from './camera-streams.ts';
import type { RecorderLog } from './log.ts';
import { MotionWorker } from './motion/motion-worker.ts';
import type { RomKeeper } from './motion/rom.ts';
import type { CameraMotionSettings, MotionNotice, MotionSink } from './motion/sink.ts';
import type { Stills } from './stills/stills.ts';

/** A camera without motion settings of its own. */
export const DEFAULT_MOTION_SETTINGS: CameraMotionSettings = { sensitivity: 5, zones: [] };

/** What a camera's motion worker is made with: the recorder's parts it reports to and reads from. */
export interface MotionDeps {
  /** Where motion events go; without one there is no motion detection. */
  sink: MotionSink | undefined;
  stream: 'auto' | 'main';
  ffmpegPath: string;
  log: RecorderLog;
  stills: Stills;
  rom: RomKeeper;
  notice(n: MotionNotice): void;
}

/** Whether motion detection runs for a camera: recorded, and somewhere to send its events. */
const motionWanted = (deps: MotionDeps, cam: RecorderCamera): boolean =>
  deps.sink !== undefined && cam.recording !== 'off';

/**
 * Motion detection runs on recorded cameras when there is a sink, tapping the SD stream where there is one
 * (motionStream 'auto') or the main stream's keyframes (decision 0550).
 */
export async function syncMotion(deps: MotionDeps, c: CameraEntry): Promise<void> {
  const cam = c.camera;
  const wanted = motionWanted(deps, cam);
  const on = deps.stream === 'auto' && c.sd ? c.sd : c.main;
  if (!wanted || (c.motionOn && c.motionOn !== on)) await stopMotion(c);
  if (!wanted || !deps.sink) return;
  const settings = cam.motion ?? DEFAULT_MOTION_SETTINGS;
  const rom = cam.recording === 'rom';
  if (c.motion) {
    c.motion.update(settings, rom);
    return;
  }
  const uidd = cam.uidd;
  const main = c.main;
  const worker = new MotionWorker({
    uidd,
    ffmpegPath: deps.ffmpegPath,
    log: deps.log,
    settings,
    rom,
    sink: deps.sink,
    pictures: (s) => deps.stills.snapshot(s.init, s.keyframe),
    mainKeyframe:
      on === main
        ? undefined
        : () => {
            const kf = main.hub.keyframe();
            const video = kf?.init.info.video;
            return kf
              ? {
                  init: kf.init.data,
                  keyframe: kf.fragment.data,
                  wallMs: kf.fragment.wallMs,
                  width: video?.width,
                  height: video?.height,
                  codec: video?.codec,
                }
              : undefined;
          },
    notice: (n) => deps.notice(n),
    window: (w) => deps.rom.window(uidd, w),
    read: on.readSpan,
  });
  c.motion = worker;
  c.motionOn = on;
  on.setTap({
    onInit: (init) => worker.onInit(init),
    onFragment: (f, at) => worker.onFragment(f, at),
    onRunEnd: () => worker.onRunEnd(),
  });
}

/** Stops a camera's motion worker and takes its tap off the stream it read. */
export async function stopMotion(c: CameraEntry): Promise<void> {
  const worker = c.motion;
  c.motionOn?.setTap(undefined);
  c.motion = undefined;
  c.motionOn = undefined;
  await worker?.close();
}
