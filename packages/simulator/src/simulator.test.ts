import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeClockBar } from './clock.ts';
import { type Simulator, startSimulator } from './simulator.ts';

const exec = promisify(execFile);

async function probe(
  url: string,
): Promise<Array<{ codec_name: string; width?: number; codec_type: string }>> {
  const args =
    '-v error -rtsp_transport tcp -timeout 5000000 -show_entries stream=codec_name,codec_type,width';
  const { stdout } = await exec('ffprobe', [...args.split(' '), '-of', 'json', url]);
  return JSON.parse(stdout).streams;
}

async function grayFrame(url: string, width: number, height: number): Promise<Buffer> {
  const { stdout } = await exec(
    'ffmpeg',
    [
      ...'-v error -rtsp_transport tcp -timeout 5000000 -i'.split(' '),
      url,
      ...'-frames:v 1 -f rawvideo -pix_fmt gray -s'.split(' '),
      `${width}x${height}`,
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 16 << 20 },
  );
  return stdout;
}

const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

describe('camera simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({
      cameras: [
        { sd: true, audio: true },
        { codec: 'h265', gopSec: 4 },
        { clock: true, fps: 5 },
      ],
    });
  }, 120_000);
  afterAll(() => sim?.stop());

  it('serves H.264 with a sub-stream and audio, and H.265', async () => {
    const [a, b] = sim.cameras;
    expect(await probe(a!.urls.main)).toEqual([
      expect.objectContaining({ codec_name: 'h264', width: 1280 }),
      expect.objectContaining({ codec_name: 'aac' }),
    ]);
    expect(await probe(a!.urls.sd!)).toContainEqual(
      expect.objectContaining({ codec_name: 'h264', width: 640 }),
    );
    expect(await probe(b!.urls.main)).toEqual([expect.objectContaining({ codec_name: 'hevc', width: 1280 })]);
  });

  it('burns the wall clock into the picture of a clock camera', async () => {
    const cam = sim.cameras[2]!;
    const before = Date.now();
    const frame = await grayFrame(cam.urls.main, 1280, 720);
    const shown = decodeClockBar(frame, 1280, 720);
    expect(shown).not.toBeNull();
    expect(shown!).toBeGreaterThanOrEqual(before - 1000);
    expect(shown!).toBeLessThanOrEqual(Date.now());
  });

  it('takes one camera off the network and brings it back', async () => {
    const cam = sim.cameras[1]!;
    await sim.stopCamera(1);
    expect(await refused(cam.port)).toBe(true);
    expect(await refused(sim.cameras[0]!.port)).toBe(false);
    await sim.startCamera(1);
    expect(await probe(cam.urls.main)).toHaveLength(1);
  });

  it('records when each stream started, the origin of its scripted motion intervals', async () => {
    const start = Date.now();
    await grayFrame(sim.cameras[0]!.urls.sd!, 320, 180);
    const run = sim.streamRuns(0, 'sd').at(-1);
    expect(run?.startedAt).toBeGreaterThanOrEqual(start);
    expect(run?.startedAt).toBeLessThanOrEqual(Date.now());
    const t0 = run!.startedAt;
    // The loop is 20 s with motion at [5, 12): in its first run the picture moves from t0 + 5 s.
    expect(sim.motionIntervals(0, t0, t0 + 10_000, 'sd')[0]?.startMs).toBe(
      run!.stoppedAt === undefined || run!.stoppedAt > t0 + 5000 ? t0 + 5000 : undefined,
    );
  });
});
