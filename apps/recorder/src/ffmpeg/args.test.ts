import { describe, expect, it } from 'vitest';
import { ingestArgs, ingestInput, invalidCameraUrl, stillArgs } from './args.ts';

const base = { url: 'rtsp://cam.example:554/main', timeoutMs: 5000, audio: 'copy' as const, analyzeMs: 500 };
const after = (args: string[], flag: string): string | undefined => args[args.indexOf(flag) + 1];

describe('ingestArgs', () => {
  it('copies the RTSP stream over TCP into fragmented MP4 on stdout, one fragment per frame', () => {
    const args = ingestArgs(base);
    // The camera comes as a list on fd 3, its RTSP options with it.
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 4)).toEqual(['-f', 'concat', '-safe', '0']);
    expect(after(args, '-i')).toBe('pipe:3');
    expect(after(args, '-analyzeduration')).toBe('500000');
    expect(ingestInput(base).split('\n')).toEqual([
      'ffconcat version 1.0',
      "file 'rtsp://cam.example:554/main'",
      'option protocol_whitelist rtsp,rtsps,rtp,srtp,tcp,udp,tls',
      'option rtsp_transport tcp',
      'option timeout 5000000',
      'option analyzeduration 500000',
      '',
    ]);
    expect(after(args, '-c')).toBe('copy');
    expect(args[args.lastIndexOf('-f') + 1]).toBe('mp4');
    expect(after(args, '-movflags')?.split('+').filter(Boolean).sort()).toEqual(
      ['default_base_moof', 'empty_moov', 'frag_keyframe', 'skip_trailer'].sort(),
    );
    // A fragment per frame by duration, not frag_every_frame (wrong audio times in ffmpeg 5.1).
    expect(after(args, '-frag_duration')).toBe('1');
    expect(args.at(-1)).toBe('pipe:1');
    // Never a re-encode of video, never a shell.
    expect(args).not.toContain('-c:v');
    expect(args.join(' ')).not.toMatch(/libx26|sh -c/);
  });

  it('restricts the protocols the camera input may open underneath (the list alone comes over a pipe)', () => {
    expect(after(ingestArgs(base), '-protocol_whitelist')?.split(',')).toEqual([
      'pipe',
      'rtsp',
      'rtsps',
      'rtp',
      'srtp',
      'tcp',
      'udp',
      'tls',
    ]);
    const inner = /^option protocol_whitelist (.*)$/m.exec(ingestInput(base))?.[1]?.split(',');
    expect(inner).toEqual(expect.not.arrayContaining(['file', 'concat', 'http', 'subfile', 'pipe']));
  });

  it('keeps the address and its password out of the arguments, one quoted line of the list', () => {
    const url = "rtsp://user:p%20a;ss'w@cam.example/Streaming/Channels/101?transportmode=unicast&x=1";
    const args = ingestArgs({ ...base, url });
    expect(args.join(' ')).not.toMatch(/cam\.example|user|ss'w/);
    expect(ingestInput({ ...base, url }).split('\n')[1]).toBe(
      "file 'rtsp://user:p%20a;ss'\\''w@cam.example/Streaming/Channels/101?transportmode=unicast&x=1'",
    );
  });

  it('copies, re-encodes or drops audio', () => {
    expect(ingestArgs(base)).toEqual(expect.arrayContaining(['-map', '0:a:0?']));
    expect(ingestArgs(base)).not.toContain('-c:a');
    expect(after(ingestArgs({ ...base, audio: 'aac' }), '-c:a')).toBe('aac');
    expect(ingestArgs({ ...base, audio: 'none' })).toContain('-an');
  });

  it.each([
    ['file:///etc/passwd', /rtsp/],
    ['concat:a.mp4|b.mp4', /URL|rtsp/],
    ['-i /etc/passwd', /option/],
    ['http://cam/x', /rtsp/],
    ['rtsp://cam/x -f null', /whitespace/],
    ['rtsp://cam/x\n-y', /whitespace|control/],
    ['rtsp:///nohost', /host|URL/],
    ['not a url', /whitespace|URL/],
  ])('refuses %j', (url, why) => {
    expect(invalidCameraUrl(url)).toMatch(why);
    expect(() => ingestArgs({ ...base, url })).toThrow(/camera URL/);
  });

  it.each(['rtsp://10.0.0.5/main', 'rtsps://user:pw@cam.example:322/s1', 'RTSP://CAM/x'])(
    'accepts %s',
    (url) => {
      expect(invalidCameraUrl(url)).toBeNull();
    },
  );
});

describe('stillArgs', () => {
  it('decodes one picture from stdin into a still and a thumbnail', () => {
    const args = stillArgs({ stillPath: '/d/still.jpg', thumbPath: '/d/thumb.jpg', thumbWidth: 320 });
    expect(after(args, '-i')).toBe('pipe:0');
    expect(after(args, '-protocol_whitelist')).toBe('pipe');
    expect(after(args, '-filter_complex')).toContain('scale=320:-2');
    expect(args.filter((a) => a === '-frames:v')).toHaveLength(2);
    expect(args.slice(-2)).toEqual(['1', '/d/thumb.jpg']);
  });

  it('seeks by decoding from the segment start when asked for an instant, and can write to stdout', () => {
    const args = stillArgs({ stillPath: 'pipe:1', offsetSec: 2.5 });
    expect(after(args, '-ss')).toBe('2.500');
    expect(args.indexOf('-ss')).toBeGreaterThan(args.indexOf('-i'));
    expect(args.slice(-5)).toEqual(['-f', 'image2pipe', '-c:v', 'mjpeg', 'pipe:1']);
  });
});
