/**
 * The live H.264 fallback's ffmpeg (decision 0461), as data: a browser that cannot play a camera's H.265 gets an
 * H.264 copy of its live stream, made only while someone watches. Input: the recorder's own fMP4 of the stream
 * (init segment, then its fragments) on stdin, so the camera is not asked for another connection and a viewer
 * starts from the prebuffer's keyframe at once. Output: fMP4 fragments on stdout, one per frame, as the ingest
 * writes them (args.ts), so it goes through the same live path (LiveHub, WebSocket, MSE) as a camera's H.264.
 */

/** Widest picture the fallback makes: 640 keeps 16:9 at 360 lines, ~4 % of a core to encode at 15 fps. */
export const TRANSCODE_MAX_WIDTH = 640;
/** Highest frame rate the fallback makes; a camera sending more has frames dropped before the encoder. */
export const TRANSCODE_MAX_FPS = 15;
/** Keyframe interval of the fallback, in seconds: a new viewer starts from the last one (the prebuffer). */
export const TRANSCODE_GOP_SEC = 2;

export interface TranscodeOptions {
  maxWidth?: number;
  maxFps?: number;
}

/** fMP4 on stdin, started at once: the init segment says everything, nothing to probe (as motion's decoders). */
const PIPE_INPUT = ['-protocol_whitelist', 'pipe', '-probesize', '32', '-analyzeduration', '0', '-f', 'mp4'];

/**
 * The video filter: keep a frame when it starts a new 1/maxFps slot of the stream's time (select holds no frame
 * back, unlike the fps filter, which waits for the next frame to decide: one frame of latency), so a 25 fps camera
 * gives 15 frames a second and one at 15 fps or less keeps all of its frames (the half slot keeps timestamps that
 * fall exactly on a slot's edge on one side of it), then scale down to maxWidth (never up), even height.
 */
export function transcodeFilter(maxWidth: number, maxFps: number): string {
  return [
    `select='isnan(prev_selected_t)+gt(floor(t*${maxFps}+0.5)\\,floor(prev_selected_t*${maxFps}+0.5))'`,
    `scale='min(${maxWidth}\\,iw)':-2`,
    'format=yuv420p',
  ].join(',');
}

export function liveTranscodeArgs(o: TranscodeOptions = {}): string[] {
  const maxWidth = o.maxWidth ?? TRANSCODE_MAX_WIDTH;
  const maxFps = o.maxFps ?? TRANSCODE_MAX_FPS;
  if (!Number.isInteger(maxWidth) || maxWidth < 16 || maxWidth % 2 !== 0)
    throw new Error(`transcode width ${maxWidth} must be an even integer ≥ 16`);
  if (!(maxFps > 0 && maxFps <= 60)) throw new Error(`transcode frame rate ${maxFps} must be in (0, 60]`);
  const a = ['-hide_banner', '-nostats', '-loglevel', 'error'];
  // One decoder thread: frame threading holds pictures back (latency); a 1080p H.265 picture decodes in ~11 ms.
  a.push('-threads', '1', '-flags', 'low_delay', ...PIPE_INPUT, '-i', 'pipe:0');
  a.push('-map', '0:v:0', '-an', '-sn', '-dn');
  a.push('-vf', transcodeFilter(maxWidth, maxFps), '-fps_mode', 'passthrough');
  // ultrafast + zerolatency: no lookahead, no B-frames, each frame leaves as soon as it is encoded. One thread:
  // at 640 wide it keeps up with ease, and never takes both cores from the recorder.
  a.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-threads', '1');
  a.push('-crf', '26', '-maxrate', '1200k', '-bufsize', '1200k');
  // A keyframe every TRANSCODE_GOP_SEC of the stream's time, whatever its frame rate.
  a.push('-force_key_frames', `expr:gte(t,n_forced*${TRANSCODE_GOP_SEC})`, '-sc_threshold', '0');
  // As the ingest writes fMP4 (args.ts): a fragment per frame, an empty moov as the init segment, no trailer.
  a.push('-f', 'mp4');
  a.push('-movflags', '+frag_keyframe+empty_moov+default_base_moof+skip_trailer', '-frag_duration', '1');
  a.push('-flush_packets', '1', 'pipe:1');
  return a;
}
