import { Writable } from 'node:stream';
import { TEST_DB_KINDS } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { fakeRtspServer } from './fake-rtsp.ts';
import { type CameraProbe, FfprobeCameraProbe } from './probe.ts';
import { H264_1080P, signedInUser } from './testing.ts';

const USER = 'camadmin';
const PASSWORD = 'Tr0ub4dor&3-secret';

/** Real ffprobe for every camera, except cam.example.com, which "works" (no real camera to reach in this test). */
const probe: CameraProbe = {
  probe: (target) =>
    target.url.includes('@cam.example.com')
      ? Promise.resolve(H264_1080P)
      : new FfprobeCameraProbe({ ffprobePath: 'ffprobe', timeoutMs: 2000 }).probe(target),
};

describe.each(TEST_DB_KINDS)('camera credentials never leave the server [%s]', (kind) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        logger: { ...loggerOptions('trace'), stream: sink },
        cameras: {
          probe,
          resolve: async (h) => (h === 'cam.example.com' ? ['203.0.113.20'] : ['127.0.0.1']),
        },
      },
    );
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('in no answer and no log line, through install, failures, listing and renaming', async () => {
    const u = await signedInUser(t);
    const answers: string[] = [];
    const call = async (opts: Parameters<TestApp['call']>[0]) => {
      const res = await t.call({ ...opts, token: u.token });
      answers.push(JSON.stringify(res.json));
      return res;
    };
    const enc = encodeURIComponent(PASSWORD);

    const ok = await call({
      method: 'POST',
      url: '/cameras',
      payload: { url: `rtsp://${USER}:${enc}@cam.example.com/live` },
    });
    expect(ok.status).toBe(201);
    const sd = await call({
      method: 'POST',
      url: '/cameras',
      payload: {
        ip: 'cam.example.com',
        path: '/other',
        username: USER,
        password: PASSWORD,
        sdUrl: 'rtsp://cam.example.com/sd',
      },
    });
    expect(sd.status).toBe(201);

    // Failures go through real ffprobe, which echoes the URL with its credentials in its errors.
    const refused = await call({
      method: 'POST',
      url: '/cameras',
      payload: { url: `rtsp://${USER}:${enc}@127.0.0.1:1/live` },
    });
    expect(refused.json.code).toBe('install_unreachable');
    const cam401 = await fakeRtspServer('401');
    try {
      const unauthorised = await call({
        method: 'POST',
        url: '/cameras',
        payload: { url: `rtsp://${USER}:${enc}@127.0.0.1:${cam401.port}/live` },
      });
      expect(unauthorised.json.code).toBe('install_unauthorised');
    } finally {
      await cam401.close();
    }
    const bad = await call({
      method: 'POST',
      url: '/cameras',
      payload: { url: `http://${USER}:${enc}@cam.example.com/x` },
    });
    expect(bad.status).toBe(400);

    await call({ method: 'GET', url: '/cameras' });
    await call({ method: 'GET', url: `/cameras/status?uidd[]=${ok.json.uidd}` });
    await call({ method: 'GET', url: `/sendcameratask?uid=${ok.json.uidd}&action=getconfig` });
    await call({ method: 'PUT', url: `/phonename?uid=${ok.json.uidd}&name=Gate&token=${u.token}` });
    await t.app.ready();

    const everything = [...answers, ...lines].join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(everything).toContain('camera installed');
    expect(everything).toContain('camera probe failed');
    for (const secret of [PASSWORD, enc, `${USER}:`, u.token]) expect(everything).not.toContain(secret);
    // The request log keeps the route, not the token.
    expect(lines.some((l) => l.includes('/phonename?uid=') && l.includes('token=***'))).toBe(true);
  });
});
