import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type DbHandle, openDb } from '@vigil/db';
import { type Simulator, startSimulator } from '@vigil/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { MediaGrants } from '../grants/media-grants.ts';
import { Recording } from '../recording/recording.ts';
import { openLive, until } from '../recording/testing.ts';
import { probe } from '../recordings/testing.ts';
import { freePort, registerRecorder } from './testing.ts';

/**
 * Media routing (decision 0601) with two apps on one PostgreSQL database, as two processes of a fleet: a server
 * that records nothing and a recorder (recording on, RECORDER_ID `rec-b`,
 * listening on loopback) that records a real simulated camera. Through the server: livecommand names the
 * recorder's live address and it plays; a playlist names the files on the recorder and they play (ffprobe); a
 * still grant given by the server opens the recorder's still; forged and foreign grants are refused there; signing
 * out on the server ends them on the recorder.
 */
const RECORDER_ID = 'rec-b';
let sim: Simulator;
let server: TestApp;
let recorderDb: DbHandle;
let recorder: FastifyInstance;
let recorderUrl: string;
let serverUrl: string;
/** A segment's address on the recorder, as the server's playlist named it. */
let segmentAt: string;
let owner: SignedIn;
let uidd: string;
let owner_: string;
let device: string;
const dirs: string[] = [];

const fetchFrom = (url: string) => fetch(url, { redirect: 'manual' });

beforeAll(async () => {
  sim = await startSimulator({ cameras: [{ gopSec: 1, fps: 10 }], portRange: [19550, 19599] });
  const serverPort = await freePort();
  serverUrl = `http://127.0.0.1:${serverPort}`;
  server = await createTestApp('postgres', { PUBLIC_URL: serverUrl });
  await server.app.listen({ port: serverPort, host: '127.0.0.1' });
  owner = await signedInUser(server);
  const installed = await server.call({
    method: 'POST',
    url: '/cameras',
    token: owner.token,
    payload: { url: sim.cameras[0]!.urls.main, name: 'Yard' },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  uidd = installed.json.uidd;
  [owner_, device] = uidd.split('.') as [string, string];

  // What the lease manager does (another area): the recorder registers, the camera's logger names it.
  const port = await freePort();
  recorderUrl = `http://127.0.0.1:${port}`;
  await registerRecorder(server.db.db, RECORDER_ID, recorderUrl);
  // No lease manager heartbeats it here: alive for the test's length (a dead one's footage is offline, 0615).
  await server.db.db
    .updateTable('recorders')
    .set({ heartbeat_at: Date.now() + 3_600_000 })
    .where('id', '=', RECORDER_ID)
    .execute();
  await server.db.db.updateTable('cameras').set({ logger: recorderUrl }).where('uidd', '=', uidd).execute();

  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-recorder-b-'));
  dirs.push(dataDir);
  recorderDb = openDb({ sqlitePath: '', databaseUrl: server.db.url as string, poolSize: 4 });
  recorder = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: recorderUrl,
      SUPPORT_PASSWORD: 'support-password-1',
    }),
    database: recorderDb,
    logger: false,
    recording: new Recording({
      dataDir,
      recorderId: RECORDER_ID,
      liveBaseUrl: recorderUrl,
      liveHoldMs: 500,
      tuning: {
        segmentTargetMs: 2000,
        stallTimeoutMs: 4000,
        rtspTimeoutMs: 3000,
        backoffInitialMs: 300,
        backoffMaxMs: 2000,
        stillIntervalMs: 1000,
        retentionIntervalMs: 0,
        indexDelayMs: 0,
      },
    }),
  });
  await recorder.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await recorder?.close();
  await recorderDb?.destroy();
  await server?.app.close();
  await server?.db.destroy();
  await sim?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('media routing: a server answers with the address of the camera recorder', () => {
  it('livecommand through the server names the recorder live address, and it plays there', async () => {
    const res = await server.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=livecommand&caller=web`,
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.url).toBe(`ws://127.0.0.1:${new URL(recorderUrl).port}/live/${uidd}/main`);
    expect(res.json.data.stream).toBe('main');
    // The grant is the server's; the recorder checks it against the shared database (no session of its own).
    const viewer = openLive(`${res.json.data.url}?token=${await mediaGrant(server, owner.token, uidd)}`);
    expect(await viewer.opened).toBe(101);
    await viewer.binariesAt(2, 20_000);
    expect(JSON.parse(viewer.texts[0]!)).toMatchObject({ type: 'init' });
    expect(viewer.binaries[0]!.subarray(4, 8).toString()).toBe('ftyp');
    expect(viewer.binaries[1]!.subarray(4, 8).toString()).toBe('moof');
    viewer.close();
    await viewer.closed;
  }, 40_000);

  it('a playlist from the server names files on the recorder, which serves them and they play', async () => {
    const rows = await until(async () => {
      const r = await server.db.db
        .selectFrom('segments')
        .select(['start_ms', 'recorder_id'])
        .where('camera_uidd', '=', uidd)
        .orderBy('start_ms')
        .execute();
      return r.length >= 3 && r;
    }, 30_000);
    expect(new Set(rows.map((r) => r.recorder_id))).toEqual(new Set([RECORDER_ID]));
    const startSec = Math.floor(Number(rows[0]!.start_ms) / 1000);
    const endSec = Math.ceil(Date.now() / 1000);
    const route = `/hls/${owner_}/${device}/${startSec}/${endSec}`;
    const res = await server.app.inject({
      method: 'GET',
      url: `${route}/index.m3u8`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const uris = text
      .split('\n')
      .flatMap((l) =>
        l.startsWith('#EXT-X-MAP:URI="') ? [l.slice(16, -1)] : l.startsWith('#') || !l ? [] : [l],
      );
    expect(uris.length).toBeGreaterThanOrEqual(3);
    for (const u of uris) expect(u.startsWith(`${recorderUrl}${route}/f/`)).toBe(true);
    const [initUrl, segmentUrl] = [uris[0]!, uris[1]!];
    segmentAt = segmentUrl;
    expect(initUrl).toMatch(/\/main\/init-[0-9a-f]+\.mp4$/);

    const init = await fetchFrom(initUrl);
    expect(init.status).toBe(200);
    expect(init.headers.get('access-control-allow-origin')).toBe('*');
    const segment = await fetchFrom(segmentUrl);
    expect(segment.status).toBe(200);
    const file = join(dirs[0]!, 'fetched.mp4');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(await init.arrayBuffer()), Buffer.from(await segment.arrayBuffer())]),
    );
    const p = probe(file);
    expect(p.errors).toBe('');
    expect(p.streams).toEqual(['video']);
    expect(p.duration).toBeGreaterThan(0.5);

    // A player on the server's origin asks keyframe intervals with Range: the preflight and the 206 allow it.
    const preflight = await fetch(segmentUrl, {
      method: 'OPTIONS',
      headers: {
        origin: serverUrl,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('range');
    const part = await fetch(segmentUrl, {
      headers: { origin: serverUrl, range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('access-control-allow-origin')).toBe('*');
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // The server holds no file: the same address on the server finds nothing.
    const here = await server.app.inject({ method: 'GET', url: segmentUrl.slice(recorderUrl.length) });
    expect(here.statusCode).toBe(404);
    // A file grant altered by one character: refused by the recorder.
    const forged = segmentUrl.replace(
      /\.([A-Za-z0-9_-]{22})\//,
      (_m, sig: string) => `.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}/`,
    );
    expect(forged).not.toBe(segmentUrl);
    expect((await fetchFrom(forged)).status).toBe(403);
  }, 60_000);

  it('a recorded frame asked of the server is sent to the recorder that holds it', async () => {
    const grant = await mediaGrant(server, owner.token, uidd, 'recorded');
    const seconds = Math.floor(Date.now() / 1000) - 3;
    const url = `/simple/${owner_}/${device}/hdstill/${seconds}.jpg?token=${grant}`;
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(`${recorderUrl}${url}`);
    const jpeg = await fetchFrom(res.headers.location as string);
    expect(jpeg.status).toBe(200);
    expect(
      Buffer.from(await jpeg.arrayBuffer())
        .subarray(0, 2)
        .toString('hex'),
    ).toBe('ffd8');
  }, 30_000);

  it('in Chromium, a page of the server reads the recorder file ranges, shows its still, opens its live stream', async () => {
    const still = await mediaGrant(server, owner.token, uidd, 'still');
    const thumb = `/getthumb/${owner_}/${device}/${still}`;
    await until(async () => (await fetchFrom(`${recorderUrl}${thumb}`)).status === 200, 20_000);
    const live = await server.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=livecommand&caller=web`,
      token: owner.token,
    });
    const socket = `${live.json.data.url}?token=${await mediaGrant(server, owner.token, uidd)}`;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const page = await browser.newPage();
      // What Chromium refuses (CORS, the server's Content-Security-Policy) it says on the console.
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|CORS|blocked/i.test(m.text())) refused.push(m.text());
      });
      // Any page of the server: its answer carries the CSP the web app runs under.
      await page.goto(`${serverUrl}/health`);
      const seen = await page.evaluate(
        async ({ segment, thumb, socket }) => {
          const part = await fetch(segment, { headers: { Range: 'bytes=0-99' } });
          const bytes = (await part.arrayBuffer()).byteLength;
          const width = await new Promise<number>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth);
            img.onerror = () => resolve(-1);
            img.src = thumb;
          });
          const first = await new Promise<string>((resolve) => {
            const ws = new WebSocket(socket);
            ws.binaryType = 'arraybuffer';
            ws.onmessage = (e) => {
              if (typeof e.data === 'string') return;
              resolve('binary');
              ws.close();
            };
            ws.onerror = () => resolve('error');
            setTimeout(() => resolve('timeout'), 10_000);
          });
          return { status: part.status, bytes, width, first };
        },
        { segment: segmentAt, thumb, socket },
      );
      expect(seen.status).toBe(206);
      expect(seen.bytes).toBe(100);
      expect(seen.width).toBeGreaterThan(0);
      expect(seen.first).toBe('binary');
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('a still grant from the server opens the still on the recorder; forged or foreign grants do not', async () => {
    const grant = await mediaGrant(server, owner.token, uidd, 'still');
    const path = `/getthumb/${owner_}/${device}/${grant}`;
    const res = await server.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(`${recorderUrl}${path}`);
    const image = await until(async () => {
      const r = await fetchFrom(`${recorderUrl}${path}`);
      return r.status === 200 && Buffer.from(await r.arrayBuffer());
    }, 20_000);
    expect(image.subarray(0, 2).toString('hex')).toBe('ffd8');

    const forged = grant.replace(/\.[A-Za-z0-9_-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetchFrom(`${recorderUrl}/getthumb/${owner_}/${device}/${forged}`)).status).toBe(401);
    // Well formed, for this camera and purpose, but signed with another deployment's secret.
    const foreign = new MediaGrants('another-deployment-secret-0123456789abcdef').issue({
      caller: { uid: owner.uid, seriesId: 'x', accountType: 'u', demo: false },
      uidd,
      purpose: 'still',
      expSec: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await fetchFrom(`${recorderUrl}/getthumb/${owner_}/${device}/${foreign}`)).status).toBe(401);

    // Signing out on the server ends the grant on the recorder: it re-checks the session in the shared database.
    await server.call({ method: 'POST', url: '/logout', payload: {}, token: owner.token });
    expect((await fetchFrom(`${recorderUrl}${path}`)).status).toBe(401);
  }, 40_000);
});
