import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { frequencyOf, secondsOf, toneClip } from '../../testing/tone.ts';

/**
 * Two-way audio (spec 001 §7 `POST /twowayaudio/{owner}/{device}`, decision 0709) through the real server, the
 * RTSP back-channel and the simulator's camera with a speaker, which writes what it hears (16-bit PCM, 8 kHz) to a
 * file: the oracle is that file's length and pitch.
 */
interface Sim {
  cameras: { urls: { main: string }; speakerFile?: string }[];
  stop(): Promise<void>;
}
let sim: Sim;
let tone: Buffer;
beforeAll(async () => {
  const mod = (await import(import.meta.resolve('@vigil/simulator'))) as {
    startSimulator(o: object): Promise<Sim>;
  };
  sim = await mod.startSimulator({
    cameras: [{ backchannel: true, fps: 5 }, { fps: 5 }],
    portRange: [20670, 20679],
  });
  // A phone's recording: AAC in .m4a, 1.5 s of 1 kHz.
  tone = toneClip(1000, 1.5);
}, 120_000);
afterAll(() => sim?.stop());

/** multipart/form-data as a browser's FormData sends it. */
function form(fields: Record<string, string>, file?: Buffer) {
  const boundary = '----vigil-talk-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="talk.m4a"\r\nContent-Type: audio/mp4\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDb('two-way audio', (ctx) => {
  const install = async (t: TestApp, u: SignedIn, i: number) => {
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: sim.cameras[i]!.urls.main },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { uidd: string; talkbackEnabled: boolean };
  };
  const talk = (t: TestApp, uidd: string, body: ReturnType<typeof form>, token?: string) => {
    const [owner, device] = uidd.split('.');
    return t.call({
      method: 'POST',
      url: `/twowayaudio/${owner}/${device}`,
      ...body,
      ...(token ? { token } : {}),
    });
  };
  const heard = () => statSync(sim.cameras[0]!.speakerFile!, { throwIfNoEntry: false })?.size ?? 0;

  it('plays the clip out of the camera’s speaker, the token in the form as the spec sends it', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await install(t, u, 0);
    expect(cam.talkbackEnabled).toBe(true);
    const before = heard();
    const res = await talk(t, cam.uidd, form({ uid: u.uid, token: u.token }, tone));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.uidd).toBe(cam.uidd);
    expect(Math.abs(res.json.playedMs - 1500)).toBeLessThanOrEqual(60);
    await expect.poll(heard, { timeout: 5_000 }).toBeGreaterThan(before + 20_000);
    const pcm = readFileSync(sim.cameras[0]!.speakerFile!).subarray(before);
    expect(Math.abs(secondsOf(pcm) - 1.5)).toBeLessThan(0.1);
    expect(Math.abs(frequencyOf(pcm) - 1000)).toBeLessThan(25);
  });

  it('is for those who may control the camera: admins yes; read-only and view-only users no; no token 401', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await install(t, owner, 0);
    const admin = await addMember(t, owner, 'admin');
    expect((await talk(t, cam.uidd, form({}, tone), admin.token)).status).toBe(200);
    for (const level of ['readonly', 'viewonly']) {
      const member = await addMember(t, owner, level);
      const res = await talk(t, cam.uidd, form({}, tone), member.token);
      expect([level, res.status]).toEqual([level, 403]);
    }
    const stranger = await signedInUser(t);
    expect((await talk(t, cam.uidd, form({}, tone), stranger.token)).status).toBe(404);
    expect((await talk(t, cam.uidd, form({}, tone))).status).toBe(401);
  });

  it('says so for a camera without a speaker, a clip that is not sound, or no clip, and plays nothing', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const plain = await install(t, u, 1);
    expect(plain.talkbackEnabled).toBe(false);
    const none = await talk(t, plain.uidd, form({}, tone), u.token);
    expect([none.status, none.json.code]).toEqual([400, 'talkback_unsupported']);
    const cam = await install(t, u, 0);
    const before = heard();
    const noise = await talk(t, cam.uidd, form({}, Buffer.from('not a recording at all')), u.token);
    expect([noise.status, noise.json.code]).toEqual([400, 'talkback_bad_audio']);
    const missing = await talk(t, cam.uidd, form({ uid: u.uid }), u.token);
    expect(missing.status).toBe(400);
    expect(heard()).toBe(before);
  });
});
