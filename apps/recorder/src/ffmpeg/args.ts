/**
 * ffmpeg arguments as data: pure functions from a camera stream to string[], spawned without a shell.
 * The recorder never re-encodes video: ingest is a stream copy into fragmented MP4 on stdout.
 */

export type AudioMode = 'copy' | 'aac' | 'none';

export interface IngestOptions {
  url: string;
  /** RTSP socket I/O timeout: without one, an ffmpeg whose camera vanished can hang forever. */
  timeoutMs: number;
  /** copy: the camera's audio as is; aac: re-encode audio only (G.711 cannot go into MP4); none: drop it. */
  audio: AudioMode;
  /** How long ffmpeg may read before it must know every stream: short starts live fast (~0.3 s here, 2.9 s
   * with ffmpeg's default of 5 s); a camera that sends its parameter sets only in band needs longer. */
  analyzeMs: number;
}

function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

const ALLOWED_SCHEMES = new Set(['rtsp:', 'rtsps:']);

/** Why a camera URL cannot be given to ffmpeg, or null when it can. */
export function invalidCameraUrl(url: string): string | null {
  // ffmpeg reads "-something" as an option and "concat:", "file:" or "subfile," as other protocols.
  if (url.startsWith('-')) return 'looks like an option';
  if (/\s/.test(url) || hasControlCharacter(url)) return 'contains whitespace or control characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (!ALLOWED_SCHEMES.has(parsed.protocol)) return 'is not rtsp:// or rtsps://';
  if (!parsed.hostname) return 'has no host';
  return null;
}

/** The protocols an RTSP input may open underneath (RTP over TCP or UDP, TLS for rtsps). */
const PROTOCOL_WHITELIST = 'rtsp,rtsps,rtp,srtp,tcp,udp,tls';

/** Where ffmpeg reads the camera's input list: fd 3, a pipe the recorder writes and closes (never argv). */
export const INGEST_INPUT_FD = 3;

/** Quotes a value for an ffconcat line: inside single quotes all is literal but a quote, written '\''. */
const quoted = (v: string): string => `'${v.replaceAll("'", "'\\''")}'`;

/**
 * The camera's address and its RTSP options as an ffconcat list, given to ffmpeg on fd 3 (ingestArgs). The address
 * carries the camera's password: in ffmpeg's arguments any local user would read it in `ps` (issue 14); a pipe is
 * readable by ffmpeg alone. The inner input is held to the RTSP protocols (the list itself comes over a pipe).
 */
export function ingestInput(o: Pick<IngestOptions, 'url' | 'timeoutMs' | 'analyzeMs'>): string {
  const why = invalidCameraUrl(o.url);
  if (why) throw new Error(`camera URL ${why}`);
  return [
    'ffconcat version 1.0',
    `file ${quoted(o.url)}`,
    `option protocol_whitelist ${PROTOCOL_WHITELIST}`,
    'option rtsp_transport tcp',
    `option timeout ${Math.round(o.timeoutMs * 1000)}`,
    `option analyzeduration ${Math.round(o.analyzeMs * 1000)}`,
    '',
  ].join('\n');
}

/**
 * The input arguments of any ffmpeg or ffprobe that opens a camera: the list on fd 3 (ingestInput) through the
 * concat demuxer, which opens its one address with the options given there. Reading the list needs the pipe
 * protocol, the camera's input only the RTSP ones (the list's own whitelist).
 */
export function cameraInputArgs(analyzeMs: number): string[] {
  return [
    '-f',
    'concat',
    '-safe',
    '0',
    '-protocol_whitelist',
    `pipe,${PROTOCOL_WHITELIST}`,
    '-analyzeduration',
    String(Math.round(analyzeMs * 1000)),
    '-i',
    `pipe:${INGEST_INPUT_FD}`,
  ];
}

/** ffmpeg's arguments for a camera stream; its address and RTSP options come on fd 3 (ingestInput). */
export function ingestArgs(o: IngestOptions): string[] {
  const why = invalidCameraUrl(o.url);
  if (why) throw new Error(`camera URL ${why}`);
  const a: string[] = [];
  a.push('-hide_banner', '-nostats', '-loglevel', 'error');
  a.push(...cameraInputArgs(o.analyzeMs));
  a.push('-map', '0:v:0');
  if (o.audio === 'none') a.push('-an');
  else a.push('-map', '0:a:0?');
  a.push('-c', 'copy');
  if (o.audio === 'aac') a.push('-c:a', 'aac', '-b:a', '64k');
  a.push('-f', 'mp4');
  // A fragment (moof+mdat) per frame, so the recorder sees every frame as soon as ffmpeg has it: a fragment
  // ends once it holds 1 µs of media, and a keyframe always opens one. Not ffmpeg 5.1's frag_every_frame: with
  // an audio track it writes wrong audio decode times (repeated and skipped), which breaks browsers' MSE (a
  // jump back in one track makes them drop video until the next keyframe). An empty moov up front is the init
  // segment; no trailer, since the stream never ends properly.
  a.push('-movflags', '+frag_keyframe+empty_moov+default_base_moof+skip_trailer', '-frag_duration', '1');
  a.push('-flush_packets', '1');
  a.push('pipe:1');
  return a;
}

/** Width of a camera's or an event's thumbnail, in pixels (the height keeps the picture's shape). */
export const THUMB_WIDTH = 320;

export interface StillOptions {
  /** Where to write the full-size JPEG ('pipe:1' for stdout). */
  stillPath: string;
  /** Where to write the thumbnail, or undefined for none. */
  thumbPath?: string | undefined;
  thumbWidth?: number;
  /** Seconds into the input to take the picture at (decodes from the preceding keyframe). */
  offsetSec?: number;
}

/** Decodes one picture from fragmented MP4 on stdin (init segment + fragments) into JPEG files. */
export function stillArgs(o: StillOptions): string[] {
  const a: string[] = [];
  a.push('-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y');
  a.push('-protocol_whitelist', 'pipe', '-f', 'mp4', '-i', 'pipe:0');
  // Output seeking: decode from the keyframe that opens the input up to the wanted frame.
  const seek = o.offsetSec && o.offsetSec > 0 ? ['-ss', o.offsetSec.toFixed(3)] : [];
  const one = (map: string, q: string): string[] => ['-map', map, ...seek, '-frames:v', '1', '-q:v', q];
  if (o.thumbPath) {
    a.push('-filter_complex', `[0:v:0]split=2[s][t];[t]scale=${o.thumbWidth ?? THUMB_WIDTH}:-2[tt]`);
    a.push(...one('[s]', '3'), '-update', '1', o.stillPath);
    a.push(...one('[tt]', '5'), '-update', '1', o.thumbPath);
  } else if (o.stillPath === 'pipe:1') {
    a.push(...one('0:v:0', '3'), '-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1');
  } else {
    a.push(...one('0:v:0', '3'), '-update', '1', o.stillPath);
  }
  return a;
}
