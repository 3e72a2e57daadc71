import type { EpochMs, Uidd } from '@vigil/contracts';
import { SegmentsRepository } from '@vigil/recorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { registerRecorder } from './testing.ts';

/**
 * Footage of a dead or drained recorder (decision 0615), asked of a fleet's server (ROLE=server, PostgreSQL): the
 * index names `rec-dead` (registered, its heartbeat an hour old) for the older footage of a camera and `rec-live`
 * for the newer. Recordings on each recorder's own disk: the dead one's footage is a clear 503 at once, a playlist
 * spanning both names only the live one's files. SHARED_RECORDINGS=true: the dead one's footage is sent to the live
 * recorder, which reads the shared storage.
 */
const T0 = Date.now() - 10 * 60_000;
const SEG_MS = 4000;

async function fleetServer(shared: boolean): Promise<{ t: TestApp; owner: SignedIn; uidd: Uidd }> {
  const t = await createTestApp('postgres', {
    PUBLIC_URL: 'http://127.0.0.1:18630',
    ROLE: 'server',
    DATABASE_URL: 'postgres://unused/x',
    SHARED_RECORDINGS: shared ? 'true' : 'false',
  });
  const owner = await signedInUser(t);
  const uidd = await insertCamera(t, owner.uid);
  await registerRecorder(t.db.db, 'rec-dead', 'http://127.0.0.1:18631');
  await registerRecorder(t.db.db, 'rec-live', 'http://127.0.0.1:18632');
  await t.db.db
    .updateTable('recorders')
    .set({ heartbeat_at: Date.now() - 3_600_000 })
    .where('id', '=', 'rec-dead')
    .execute();
  await t.db.db
    .updateTable('recorders')
    .set({ heartbeat_at: Date.now() + 3_600_000 })
    .where('id', '=', 'rec-live')
    .execute();
  // Three segments by the dead recorder, then three by the live one (a failover).
  for (let i = 0; i < 6; i++) {
    const recorderId = i < 3 ? 'rec-dead' : 'rec-live';
    await new SegmentsRepository(t.db.db, { recorderId }).insert({
      uidd,
      stream: 'main',
      startMs: (T0 + i * SEG_MS) as EpochMs,
      endMs: (T0 + (i + 1) * SEG_MS) as EpochMs,
      bytes: 1000,
      path: `${uidd}/main/${T0 + i * SEG_MS}.m4s`,
      initPath: `${uidd}/main/init-${recorderId}.mp4`,
      codec: 'avc1.64001f',
      runStart: i === 0 || i === 3,
    });
  }
  // The server read its list of recorders while signing in, before these registered: a miss reads it again after
  // a second (decision 0601).
  await new Promise((r) => setTimeout(r, 1100));
  return { t, owner, uidd };
}

const sec = (ms: number) => Math.floor(ms / 1000);
const playlistFiles = (text: string) =>
  text
    .split('\n')
    .flatMap((l) =>
      l.startsWith('#EXT-X-MAP:URI="') ? [l.slice(16, -1)] : l.startsWith('#') || !l ? [] : [l],
    );

describe('footage of a dead recorder, on its own disk [postgres]', () => {
  let s: Awaited<ReturnType<typeof fleetServer>>;
  beforeAll(async () => {
    s = await fleetServer(false);
  });
  afterAll(async () => {
    await s.t.app.close();
    await s.t.db.destroy();
  });
  const hls = (fromMs: number, toMs: number) => {
    const [owner, device] = s.uidd.split('.');
    return s.t.app.inject({
      method: 'GET',
      url: `/hls/${owner}/${device}/${sec(fromMs)}/${sec(toMs)}/index.m3u8`,
      headers: { authorization: `Bearer ${s.owner.token}` },
    });
  };

  it('a range only the dead recorder recorded: 503 recording_host_offline, at once', async () => {
    const started = Date.now();
    const res = await hls(T0, T0 + 3 * SEG_MS - 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'recording_host_offline' });
    expect(res.json().error).toContain('rec-dead');
  });

  it('a range across the failover: the playlist names only the live recorder’s files, on it', async () => {
    const res = await hls(T0, T0 + 6 * SEG_MS);
    expect(res.statusCode).toBe(200);
    const files = playlistFiles(res.body);
    expect(files.length).toBe(4); // its init and its three segments
    for (const f of files) expect(f.startsWith('http://127.0.0.1:18632/hls/')).toBe(true);
  });

  it('a recorded frame of the dead recorder’s footage: 503, not a redirect to a host that does not answer', async () => {
    const [owner, device] = s.uidd.split('.');
    const grant = await mediaGrant(s.t, s.owner.token, s.uidd, 'recorded');
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/simple/${owner}/${device}/hdstill/${sec(T0 + SEG_MS)}.jpg?token=${grant}`,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'recording_host_offline' });
    // The live one's footage is still sent to it.
    const live = await s.t.app.inject({
      method: 'GET',
      url: `/simple/${owner}/${device}/hdstill/${sec(T0 + 4 * SEG_MS + 1000)}.jpg?token=${grant}`,
    });
    expect(live.statusCode).toBe(307);
    expect(live.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:18632\/simple\//);
  });
});

describe('footage of a dead recorder, on shared storage (SHARED_RECORDINGS) [postgres]', () => {
  let s: Awaited<ReturnType<typeof fleetServer>>;
  beforeAll(async () => {
    s = await fleetServer(true);
  });
  afterAll(async () => {
    await s.t.app.close();
    await s.t.db.destroy();
  });

  it('is read by a live recorder: the playlist names every file there, a frame is sent there', async () => {
    const [owner, device] = s.uidd.split('.');
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/hls/${owner}/${device}/${sec(T0)}/${sec(T0 + 6 * SEG_MS)}/index.m3u8`,
      headers: { authorization: `Bearer ${s.owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const files = playlistFiles(res.body);
    expect(files.length).toBe(8); // two inits, six segments
    for (const f of files) expect(f.startsWith('http://127.0.0.1:18632/hls/')).toBe(true);
    const grant = await mediaGrant(s.t, s.owner.token, s.uidd, 'recorded');
    const frame = await s.t.app.inject({
      method: 'GET',
      url: `/simple/${owner}/${device}/hdstill/${sec(T0 + SEG_MS)}.jpg?token=${grant}`,
    });
    expect(frame.statusCode).toBe(307);
    expect(frame.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:18632\/simple\//);
  });
});
