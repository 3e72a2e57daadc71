import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS, OnvifClient, OnvifError } from './onvif/client.ts';
import { requests } from './onvif/soap.ts';
import { OnvifStreamEncoders } from './stream-encoders.ts';

/**
 * The ONVIF client's clock-offset correction (decision 0851) against the simulator's ONVIF service with a clock one
 * hour ahead, which refuses a UsernameToken digest whose Created is more than 5 s off its own clock, as cameras do.
 */
const HOUR = 3_600_000;
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({
    cameras: [
      { onvif: { username: 'admin', password: 'secret' }, onvifClockSkewMs: HOUR },
      { onvif: { username: 'admin', password: 'secret' } },
    ],
    portRange: [22050, 22099],
  });
}, 60_000);
afterAll(() => sim?.stop());

const target = (i: number) => ({
  host: '127.0.0.1',
  port: sim.cameras[i]!.onvif!.port,
  credentials: { username: 'admin', password: 'secret' },
});

describe('ONVIF against a camera whose clock is an hour off', () => {
  it('refuses a digest made in our time, says its own time, and takes one made in it', async () => {
    const client = new OnvifClient({ timeoutMs: 3000 });
    const ours = client.call(target(0), DEFAULT_PATHS.device, requests.getCapabilities());
    await expect(ours).rejects.toBeInstanceOf(OnvifError);
    await expect(ours).rejects.toMatchObject({ kind: 'unauthorised' });
    const offset = await client.clockOffset(target(0));
    // Whole seconds in the camera's answer, and the time the request took: within 2 s of an hour.
    expect(Math.abs(offset - HOUR)).toBeLessThan(2000);
    const answer = await client.call(target(0), DEFAULT_PATHS.device, requests.getCapabilities(), {
      clockOffsetMs: offset,
    });
    expect(answer).toContain('GetCapabilitiesResponse');
    // Five minutes off is refused just the same: the camera's tolerance is seconds.
    const stale = client.call(target(0), DEFAULT_PATHS.device, requests.getCapabilities(), {
      clockOffsetMs: offset - 5 * 60_000,
    });
    await expect(stale).rejects.toMatchObject({ kind: 'unauthorised' });
    // A camera on our time: no offset.
    expect(await client.clockOffset(target(1))).toBe(0);
  });

  it('reads and sets the stream encoders in the camera’s time', async () => {
    const encoders = new OnvifStreamEncoders({ timeoutMs: 3000 });
    const read = await encoders.read(target(0));
    const main = read.main!;
    expect([main.config.width, main.config.height, main.config.frameRate]).toEqual([1280, 720, 10]);
    await encoders.write(target(0), main.config, {
      width: 960,
      height: 540,
      frameRate: 15,
      bitrateKbps: 1500,
      gopFrames: 15,
    });
    const again = (await encoders.read(target(0))).main!.config;
    expect([again.width, again.height, again.frameRate, again.bitrateKbps, again.gopFrames]).toEqual([
      960, 540, 15, 1500, 15,
    ]);
  }, 60_000);
});
