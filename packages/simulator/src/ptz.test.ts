import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './simulator.ts';

const exec = promisify(execFile);
const W = 160;
const H = 90;

/** One frame, scaled down to W x H greyscale. */
async function frame(url: string): Promise<Buffer> {
  const { stdout } = await exec(
    'ffmpeg',
    [
      ...'-v error -rtsp_transport tcp -timeout 5000000 -i'.split(' '),
      url,
      ...'-frames:v 1 -f rawvideo -pix_fmt gray -s'.split(' '),
      `${W}x${H}`,
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  return stdout;
}

/** Mean absolute difference of the middle of two frames (the top line carries the clock and the position). */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(H * 0.2); y < Math.round(H * 0.8); y++)
    for (let x = 0; x < W; x++) {
      sum += Math.abs((a[y * W + x] ?? 0) - (b[y * W + x] ?? 0));
      n++;
    }
  return sum / n;
}

/** A SOAP request with a WS-Security PasswordText token (the simulator accepts it as well as the digest). */
function soap(body: string, user: string, password: string): string {
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Header><wsse:Security><wsse:UsernameToken>' +
    `<wsse:Username>${user}</wsse:Username><wsse:Password Type="...#PasswordText">${password}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></s:Header><s:Body>${body}</s:Body></s:Envelope>`
  );
}

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({
    cameras: [{ ptz: { username: 'u', password: 'p' }, fps: 5 }],
    portRange: [19240, 19259],
  });
}, 60_000);
afterAll(() => sim?.stop());

describe('a simulated PTZ camera', () => {
  it('refuses a wrong password, moves on ONVIF requests, and its picture follows', async () => {
    const cam = sim.cameras[0]!;
    const onvif = cam.onvif!;
    const ptzUrl = onvif.url.replace('device_service', 'ptz_service');
    const post = (body: string, password = 'p') =>
      fetch(ptzUrl, { method: 'POST', body: soap(body, 'u', password) });
    const refused = await post(
      '<tptz:GetStatus><tptz:ProfileToken>main_profile</tptz:ProfileToken></tptz:GetStatus>',
      'x',
    );
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('ter:NotAuthorized');

    const before = await frame(cam.urls.main);
    const move = await post(
      '<tptz:RelativeMove><tptz:ProfileToken>main_profile</tptz:ProfileToken><tptz:Translation>' +
        '<tt:PanTilt x="1" y="0.5"/><tt:Zoom x="0.5"/></tptz:Translation></tptz:RelativeMove>',
    );
    expect(move.status).toBe(200);
    expect(sim.ptzPosition(0)).toEqual({ pan: 1, tilt: 0.5, zoom: 0.5 });
    const status = await (
      await post('<tptz:GetStatus><tptz:ProfileToken>main_profile</tptz:ProfileToken></tptz:GetStatus>')
    ).text();
    expect(status).toMatch(/<tt:PanTilt x="1" y="0.5"\/><tt:Zoom x="0.5"\/>/);
    const after = await frame(cam.urls.main);
    expect(difference(before, after)).toBeGreaterThan(20);
    // Unmoved, the picture is the same (only the clock line changes, and it is left out).
    expect(difference(after, await frame(cam.urls.main))).toBeLessThan(5);
  });
});
