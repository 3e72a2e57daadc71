/**
 * Why a camera stream gives no video, read from how its ffmpeg run ended: the words the camera status answers
 * as `problem` (decision 0308). The spec's badges name 'no video' and 'video unsupported'; 'unreachable' and
 * 'unauthorised' are the install error categories of the same failures.
 */
export type StreamProblem = 'unreachable' | 'unauthorised' | 'no video' | 'video unsupported';

export interface EndedRun {
  /** ffmpeg's last lines of stderr (credentials already masked). */
  stderr: string;
  /** The watchdog stopped it: no bytes for the stall timeout. */
  stalled: boolean;
  /** Video fragments it delivered. */
  videoFragments: number;
}

/** The first rule that matches wins: a refusal says more than the connection error that follows it. */
const RULES: readonly [RegExp, StreamProblem][] = [
  // "method DESCRIBE failed: 401 Unauthorized", "Server returned 403 Forbidden (access denied)"
  [/\b(401 Unauthorized|403 Forbidden)\b/i, 'unauthorised'],
  // The camera answers, but has no stream at this path, or a stream without video.
  [/\b404 Not Found\b/i, 'no video'],
  [/Stream map '0:v[^']*' matches no streams/i, 'no video'],
  [/Could not find codec parameters for stream/i, 'no video'],
  // The video is stream #0 (mapped first): a codec an MP4 cannot carry.
  [/Could not find tag for codec \S+ in stream #0\b/i, 'video unsupported'],
  [
    /Connection refused|Failed to resolve hostname|Name or service not known|No route to host|Network is unreachable|Host is unreachable|timed out|Connection reset|End of file|Invalid data found when processing input/i,
    'unreachable',
  ],
];

export function classifyFailure(run: EndedRun): StreamProblem | undefined {
  for (const [pattern, problem] of RULES) if (pattern.test(run.stderr)) return problem;
  // Connected, said nothing ffmpeg complained about, and sent no video until the watchdog gave up.
  if (run.stalled && run.videoFragments === 0) return 'no video';
  return undefined;
}
