import { createServer } from 'node:net';
import { processCommandLines } from '@vigil/recorder/testing';
import { describe, expect, it } from 'vitest';
import { fakeRtspServer } from './fake-rtsp.ts';
import {
  classifyProbeFailure,
  FfprobeCameraProbe,
  ffprobeArgs,
  ffprobeInput,
  ProbeLimiter,
  parseProbeOutput,
  scrub,
} from './probe.ts';

describe('ffprobeArgs', () => {
  it('names no camera: the address, TCP transport and a socket timeout in µs come in the list on fd 3', () => {
    const args = ffprobeArgs();
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 4)).toEqual(['-f', 'concat', '-safe', '0']);
    expect(args[args.indexOf('-i') + 1]).toBe('pipe:3');
    expect(args.join(' ')).not.toContain('rtsp://');
    expect(ffprobeInput('rtsp://u:p@cam:554/x', 5000).split('\n')).toEqual([
      'ffconcat version 1.0',
      "file 'rtsp://u:p@cam:554/x'",
      'option protocol_whitelist rtsp,rtsps,rtp,srtp,tcp,udp,tls',
      'option rtsp_transport tcp',
      'option timeout 5000000',
      'option analyzeduration 2000000',
      '',
    ]);
  });
});

describe('parseProbeOutput', () => {
  const out = (streams: object[]) => JSON.stringify({ streams });
  it('detects H.264 and H.265 with size, frame rate and audio', () => {
    expect(
      parseProbeOutput(
        out([
          { codec_type: 'video', codec_name: 'hevc', width: 1280, height: 720, avg_frame_rate: '30000/1001' },
          { codec_type: 'audio', codec_name: 'aac' },
        ]),
      ),
    ).toEqual({
      ok: true,
      info: { videoCodec: 'h265', width: 1280, height: 720, frameRate: 29.97, audioCodec: 'aac' },
    });
    expect(
      parseProbeOutput(
        out([{ codec_type: 'video', codec_name: 'h264', avg_frame_rate: '0/0', r_frame_rate: '25/1' }]),
      ),
    ).toMatchObject({
      ok: true,
      info: { videoCodec: 'h264', frameRate: 25, width: null },
    });
  });
  it('refuses other codecs and streams without video', () => {
    expect(parseProbeOutput(out([{ codec_type: 'video', codec_name: 'mjpeg' }]))).toEqual({
      ok: false,
      kind: 'unsupported_codec',
      detail: 'the camera sends mjpeg video; only H.264 and H.265 are supported',
    });
    expect(parseProbeOutput(out([{ codec_type: 'audio', codec_name: 'pcm_mulaw' }]))).toMatchObject({
      kind: 'unsupported_codec',
    });
  });
});

describe('classifyProbeFailure', () => {
  const base = { elapsedMs: 100, timeoutMs: 5000, killed: false, hasCredentials: true };
  const kind = (stderr: string, more = {}) => classifyProbeFailure({ ...base, stderr, ...more }).kind;
  it('maps what ffprobe prints to the install error categories', () => {
    expect(kind('rtsp://***@h/x: Server returned 401 Unauthorized (authorization failed)')).toBe(
      'unauthorised',
    );
    expect(kind('Server returned 401 Unauthorized', { hasCredentials: false })).toBe('missing_credentials');
    expect(kind('Server returned 403 Forbidden (access denied)')).toBe('unauthorised');
    expect(kind('Connection to tcp://h:554 failed: Connection refused')).toBe('unreachable');
    expect(kind('Failed to resolve hostname x: Name or service not known')).toBe('unreachable');
    expect(kind('Server returned 404 Not Found')).toBe('unreachable');
    expect(kind('Connection to tcp://h:554 failed: Connection timed out')).toBe('connection_timeout');
    expect(kind('Invalid data found when processing input', { elapsedMs: 4900 })).toBe('connection_timeout');
    expect(kind('Invalid data found when processing input', { elapsedMs: 50 })).toBe('unreachable');
    expect(kind('', { killed: true })).toBe('connection_timeout');
  });
});

describe('scrub', () => {
  it('removes the credentials of URLs, and a password standing as a word of its own', () => {
    expect(scrub('rtsp://admin:p%40ss@h/x failed; password p@ss', ['admin', 'p@ss'])).toBe(
      'rtsp://***@h/x failed; password ***',
    );
  });

  it('never masks a user name inside a word of prose (issue 13)', () => {
    expect(scrub("rtsp://cam:pw1@h/x: the camera's stream failed", ['cam', 'pw1'])).toBe(
      "rtsp://***@h/x: the camera's stream failed",
    );
  });
});

describe('FfprobeCameraProbe against real ffprobe', () => {
  const probe = new FfprobeCameraProbe({ ffprobePath: 'ffprobe', timeoutMs: 1500 });
  const target = (port: number, creds = true) => ({
    url: creds ? `rtsp://admin:Sup3r-s3cret@127.0.0.1:${port}/live` : `rtsp://127.0.0.1:${port}/live`,
    hasCredentials: creds,
    secrets: creds ? ['admin', 'Sup3r-s3cret'] : [],
  });

  it('reports a closed port as unreachable, without the credentials', async () => {
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((r) => free.close(() => r()));
    const out = await probe.probe(target(port));
    expect(out).toEqual({
      ok: false,
      kind: 'unreachable',
      detail: 'the camera refused the connection: check the address and port',
    });
  });

  it('reports a camera refusing the credentials as unauthorised, and no credentials as missing', async () => {
    const cam = await fakeRtspServer('401');
    try {
      expect(await probe.probe(target(cam.port))).toMatchObject({ ok: false, kind: 'unauthorised' });
      expect(await probe.probe(target(cam.port, false))).toMatchObject({
        ok: false,
        kind: 'missing_credentials',
      });
    } finally {
      await cam.close();
    }
  });

  it('answers its own words whole when the user name is inside them (user "cam", issue 13)', async () => {
    const cam = await fakeRtspServer('401');
    try {
      const out = await probe.probe({
        url: `rtsp://cam:pass-9@127.0.0.1:${cam.port}/live`,
        hasCredentials: true,
        secrets: ['cam', 'pass-9'],
      });
      expect(out).toEqual({
        ok: false,
        kind: 'unauthorised',
        detail: 'the camera refused the user name or password',
      });
    } finally {
      await cam.close();
    }
  });

  it('reports a wrong path as unreachable', async () => {
    const cam = await fakeRtspServer('404');
    try {
      expect(await probe.probe(target(cam.port))).toEqual({
        ok: false,
        kind: 'unreachable',
        detail: 'the camera has no stream at this path',
      });
    } finally {
      await cam.close();
    }
  });

  it('reports a camera that accepts the connection and says nothing as a connection timeout', async () => {
    const cam = await fakeRtspServer('silent');
    try {
      const started = Date.now();
      expect(await probe.probe(target(cam.port))).toMatchObject({ ok: false, kind: 'connection_timeout' });
      expect(Date.now() - started).toBeLessThan(6000);
      expect(cam.requests[0]).toMatch(/^OPTIONS rtsp:\/\/127\.0\.0\.1:\d+\/live RTSP\/1\.0/);
    } finally {
      await cam.close();
    }
  });

  it('never shows the camera password in a process argument while it probes', async () => {
    const cam = await fakeRtspServer('silent');
    try {
      const probing = probe.probe(target(cam.port));
      await expect.poll(() => cam.requests.length, { timeout: 5000 }).toBeGreaterThan(0);
      // What `ps` shows any local user, read while ffprobe waits on the camera.
      const commandLines = processCommandLines();
      expect(commandLines.filter((c) => /ffprobe .*-f concat .*-i pipe:3/.test(c)).length).toBeGreaterThan(0);
      expect(commandLines.filter((c) => c.includes('Sup3r-s3cret'))).toEqual([]);
      await probing;
    } finally {
      await cam.close();
    }
  });

  it('reports a missing ffprobe binary', async () => {
    const missing = new FfprobeCameraProbe({ ffprobePath: '/nonexistent/ffprobe', timeoutMs: 1000 });
    expect(await missing.probe(target(1))).toMatchObject({ ok: false, kind: 'unreachable' });
  });
});

describe('ProbeLimiter', () => {
  it('never runs more probes at once than allowed', async () => {
    let running = 0;
    let peak = 0;
    const inner = {
      probe: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return { ok: false as const, kind: 'unreachable' as const, detail: '' };
      },
    };
    const limiter = new ProbeLimiter(inner, 2);
    await Promise.all(
      Array.from({ length: 9 }, () => limiter.probe({ url: '', hasCredentials: false, secrets: [] })),
    );
    expect(peak).toBe(2);
  });
});
