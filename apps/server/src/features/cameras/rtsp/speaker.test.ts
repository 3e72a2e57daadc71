import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frequencyOf, secondsOf, toneClip } from '../../../testing/tone.ts';
import { RtspSpeaker } from './speaker.ts';

/**
 * The camera's speaker over the ONVIF back-channel, against the simulator's camera with a speaker (GStreamer's
 * ONVIF RTSP server, which writes what it hears to a file): the oracle is that file, 16-bit PCM at 8 kHz.
 */
interface Sim {
  cameras: { urls: { main: string }; speakerFile?: string }[];
  stop(): Promise<void>;
}
let sim: Sim;
beforeAll(async () => {
  const mod = (await import(import.meta.resolve('@vigil/simulator'))) as {
    startSimulator(o: object): Promise<Sim>;
  };
  sim = await mod.startSimulator({
    cameras: [{ backchannel: true, fps: 5 }, { fps: 5 }],
    portRange: [20660, 20669],
  });
}, 120_000);
afterAll(() => sim?.stop());

describe('the camera’s speaker (RTSP back-channel)', () => {
  const speaker = new RtspSpeaker({ ffmpegPath: 'ffmpeg', timeoutMs: 4000 });

  it('finds the back-channel only on the camera that has one', async () => {
    expect(await speaker.detect(sim.cameras[0]!.urls.main)).toBe(true);
    expect(await speaker.detect(sim.cameras[1]!.urls.main)).toBe(false);
    expect(await speaker.detect('rtsp://127.0.0.1:9/none')).toBe(false);
  });

  it('plays a recorded clip out of the speaker, in real time, at its pitch', async () => {
    const file = sim.cameras[0]!.speakerFile!;
    const started = Date.now();
    const { playedMs } = await speaker.play(sim.cameras[0]!.urls.main, toneClip(1000, 2));
    expect(Math.abs(playedMs - 2000)).toBeLessThanOrEqual(60); // AAC's priming may add or cut a frame
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900); // paced, not dumped at once
    await expect
      .poll(() => statSync(file, { throwIfNoEntry: false })?.size ?? 0, { timeout: 5_000 })
      .toBeGreaterThan(30_000);
    const pcm = readFileSync(file);
    expect(Math.abs(secondsOf(pcm) - 2)).toBeLessThan(0.1);
    expect(Math.abs(frequencyOf(pcm) - 1000)).toBeLessThan(25);
  });

  it('says there is no speaker, and plays nothing, on a camera without one', async () => {
    await expect(speaker.play(sim.cameras[1]!.urls.main, toneClip(440, 1))).rejects.toThrow('no speaker');
  });
});
