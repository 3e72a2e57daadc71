import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DemoView } from './demo-views.ts';
import { ensureLoop } from './loop-files.ts';

// The demo cameras' loops (decision 0876) as the simulator encodes them — 720p, 10 fps, 500 kbit/s — but 4 s long,
// the car (or the shop's customer) crossing in 1–3 s: at 2 s its middle is at the picture's middle.
const cacheDir = mkdtempSync(join(tmpdir(), 'vigil-demo-views-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const loop = (view: DemoView) =>
  ensureLoop(
    {
      codec: 'h264',
      width: 1280,
      height: 720,
      fps: 10,
      gopSec: 2,
      loopSec: 4,
      kbps: 500,
      motion: [[1, 3]],
      view,
    },
    cacheDir,
    () => {},
  );

/** The decoded frame at `t` seconds as RGB bytes, and the colour at (x, y). */
function frameAt(file: string, t: number): (x: number, y: number) => [number, number, number] {
  const rgb = execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'h264',
      '-r',
      '10',
      '-i',
      file,
      '-vf',
      `select='eq(n,${Math.round(t * 10)})'`,
      '-frames:v',
      '1',
      '-pix_fmt',
      'rgb24',
      '-f',
      'rawvideo',
      '-',
    ],
    { maxBuffer: 16 << 20 },
  );
  return (x, y) => {
    const i = (y * 1280 + x) * 3;
    return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
  };
}

/** Within 30 of the drawn colour in each channel: sensor noise and a 500 kbit/s encode move it a little. */
function expectColour(got: [number, number, number], hex: number) {
  const want = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  for (const c of [0, 1, 2])
    expect(Math.abs(got[c]! - want[c]!), `${got.join(',')} vs ${hex.toString(16)}`).toBeLessThanOrEqual(30);
}

function probe(file: string) {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-f',
    'h264',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,codec_name,r_frame_rate',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(out.toString()).streams[0];
}

describe('the demo cameras show a recognisable scene, not a test grid (decision 0876)', () => {
  it('a shop front: green fascia, striped awning, shop window, paving; the customer crosses behind the glass', async () => {
    const file = await loop('shop');
    expect(probe(file)).toEqual({ codec_name: 'h264', width: 1280, height: 720, r_frame_rate: '10/1' });
    const still = frameAt(file, 0.5);
    expectColour(still(100, 100), 0x1f5e3b);
    expectColour(still(20, 174), 0xf2f2ea);
    expectColour(still(60, 174), 0x2a7a4c);
    expectColour(still(150, 520), 0x2f3d48);
    expectColour(still(300, 690), 0xb0aca2);
    // At 2 s the photograph (its white tablecloth) is in the door's glass, where the still shows the glass.
    const door = frameAt(file, 2)(640, 500);
    expect(Math.max(...door.map((v, c) => Math.abs(v - still(640, 500)[c]!)))).toBeGreaterThan(40);
  }, 120_000);

  it('a car park: grass, asphalt, white bay lines, a red parked car; a yellow car in the aisle at 2 s', async () => {
    const file = await loop('car-park');
    expect(probe(file)).toEqual({ codec_name: 'h264', width: 1280, height: 720, r_frame_rate: '10/1' });
    const still = frameAt(file, 0.5);
    expectColour(still(640, 40), 0x5b7a3c);
    expectColour(still(700, 420), 0x505356);
    expectColour(still(43, 230), 0xe8e8e0);
    expectColour(still(100, 160), 0x9c1c1c);
    expectColour(still(545, 392), 0x505356);
    expectColour(frameAt(file, 2)(545, 392), 0xb8860b);
  }, 120_000);

  it('a warehouse yard: sky, sign, roller shutter, yard, yellow line; a blue car passing at 2 s', async () => {
    const file = await loop('yard');
    const still = frameAt(file, 0.5);
    expectColour(still(640, 60), 0xa8bccd);
    expectColour(still(450, 170), 0xf4f4f0);
    expectColour(still(300, 300), 0xb7bcc0);
    expectColour(still(640, 520), 0x55585a);
    expectColour(still(640, 563), 0xe0c030);
    // The car's body: 260 wide, x 510–770 at 2 s; its lower body at y 580 + 44–90.
    expectColour(frameAt(file, 2)(530, 640), 0x1f4e8c);
  }, 120_000);
});
