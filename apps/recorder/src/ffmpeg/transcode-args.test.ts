import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { liveTranscodeArgs } from './transcode-args.ts';

const after = (args: string[], flag: string): string | undefined => args[args.indexOf(flag) + 1];

/** An H.265 camera stream as the recorder holds it (the ingest's fMP4 flags), from a test pattern. */
function hevcFmp4(size: string, fps: number, seconds: number): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`],
      [
        '-c:v',
        'libx265',
        // The fastest encode (a test input: only its codec, size, rate and keyframes matter).
        '-preset',
        'ultrafast',
        '-x265-params',
        `keyint=${fps * 4}:bframes=0:log-level=error`,
        '-pix_fmt',
        'yuv420p',
      ],
      ['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+skip_trailer'],
      ['-frag_duration', '1', 'pipe:1'],
    ].flat(),
    { maxBuffer: 64 << 20 },
  );
}

/** ffprobe's word on a file on stdin: codec, size and frame count; then the keyframes' times. */
function probe(mp4: Buffer): { stream: string; keyframes: string[] } {
  const run = (args: string[]) =>
    execFileSync('ffprobe', ['-v', 'error', ...args, '-of', 'csv=p=0', '-i', 'pipe:0'], { input: mp4 })
      .toString()
      .trim();
  return {
    stream: run(['-count_frames', '-show_entries', 'stream=codec_name,profile,width,height,nb_read_frames']),
    // The first frame's side data makes an empty line (and a trailing comma) of its own.
    keyframes: run(['-skip_frame', 'nokey', '-show_entries', 'frame=pts_time'])
      .split('\n')
      .map((l) => l.split(',')[0] ?? '')
      .filter(Boolean),
  };
}

describe('liveTranscodeArgs', () => {
  it('reads fMP4 on stdin, writes H.264 fMP4 on stdout a fragment per frame, video only', () => {
    const args = liveTranscodeArgs();
    expect(after(args, '-i')).toBe('pipe:0');
    expect(after(args, '-f')).toBe('mp4');
    expect(after(args, '-protocol_whitelist')).toBe('pipe');
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-preset')).toBe('ultrafast');
    expect(after(args, '-tune')).toBe('zerolatency');
    expect(after(args, '-movflags')?.split('+').filter(Boolean).sort()).toEqual(
      ['default_base_moof', 'empty_moov', 'frag_keyframe', 'skip_trailer'].sort(),
    );
    expect(after(args, '-frag_duration')).toBe('1');
    expect(args).toContain('-an');
    expect(args.at(-1)).toBe('pipe:1');
  });

  it.each([
    [{ maxWidth: 641 }, /even/],
    [{ maxWidth: 0 }, /even/],
    [{ maxFps: 0 }, /frame rate/],
    [{ maxFps: 120 }, /frame rate/],
  ])('refuses %j', (o, why) => {
    expect(() => liveTranscodeArgs(o)).toThrow(why);
  });

  it('turns a 720p 25 fps H.265 stream into 640×360 H.264 at 15 fps, a keyframe every 2 s', () => {
    const out = execFileSync('ffmpeg', liveTranscodeArgs(), { input: hevcFmp4('1280x720', 25, 4) });
    const p = probe(out);
    // 4 s: 60 frames at 15 fps (of the camera's 100).
    expect(p.stream).toBe('h264,Constrained Baseline,640,360,60');
    expect(p.keyframes.map(Number)).toEqual([0, 2]);
    // Encoding the H.265 input with libx265 takes ~2 s of a core (ultrafast); more on a busy two-core machine.
  }, 90_000);

  it('keeps every frame of a 10 fps camera, and never scales a small picture up', () => {
    const out = execFileSync('ffmpeg', liveTranscodeArgs(), { input: hevcFmp4('320x240', 10, 3) });
    expect(probe(out).stream).toBe('h264,Constrained Baseline,320,240,30');
  });
});
