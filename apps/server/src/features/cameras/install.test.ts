import { CAMERA_URL_PROBLEMS } from '@vigil/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type Resolver, systemResolver } from './address-policy.ts';
import { demoSession, FakeProbe, FakePtz, H264_1080P, recordedTasks, signedInUser } from './testing.ts';

const probe = new FakeProbe();
const ptz = new FakePtz();
const HOSTS: Record<string, string[]> = {
  // Public addresses (example.com's own): a probe of these is faked, and the documentation ranges are refused
  // when private addresses are (decision 0016).
  'cam.example.com': ['93.184.215.14'],
  'inside.example.com': ['93.184.215.15', '10.1.2.3'],
};
/** Test names under example.com resolve from the table; anything else through getaddrinfo, as ffmpeg would. */
const resolve: Resolver = async (host) => {
  if (!host.endsWith('example.com')) return systemResolver(host);
  const a = HOSTS[host];
  if (!a) throw new Error('ENOTFOUND');
  return a;
};

describeEachDb(
  'POST /cameras (add a camera)',
  (ctx) => {
    beforeEach(() => {
      probe.targets = [];
      probe.next = H264_1080P;
      ptz.detected = false;
      ptz.detections = [];
    });

    it('turns PTZ on when the camera answers ONVIF with a PTZ profile, unless the user says it has none', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      ptz.detected = true;
      const found = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://op:pw@cam.example.com/ptz1', onvifPort: 8080 },
      });
      expect(found.json.ptzEnabled).toBe(true);
      // The stream's host, the given port, the stream's credentials.
      expect(ptz.detections).toEqual([
        { host: 'cam.example.com', port: 8080, credentials: { username: 'op', password: 'pw' } },
      ]);
      const row = await t.db.db
        .selectFrom('cameras')
        .select(['onvif_port', 'ptz_enabled'])
        .where('uidd', '=', found.json.uidd)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ onvif_port: 8080, ptz_enabled: 1 });
      expect(JSON.stringify(found.json)).not.toMatch(/onvif/i);

      const refused = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://cam.example.com/ptz2', ptzEnabled: false },
      });
      expect(refused.json.ptzEnabled).toBe(false);
      expect(ptz.detections).toHaveLength(1);

      ptz.detected = false;
      const none = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://cam.example.com/ptz3' },
      });
      expect(none.json.ptzEnabled).toBe(false);
      expect(ptz.detections.at(-1)).toEqual({ host: 'cam.example.com', port: 80 });
      const stored = await t.db.db
        .selectFrom('cameras')
        .select('onvif_port')
        .where('uidd', '=', none.json.uidd)
        .executeTakeFirstOrThrow();
      expect(stored.onvif_port).toBeNull();
    });

    it('adds a camera by URL: probed with its credentials, named, given its uidd, every field answered', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://admin:s3cr%40t-pw@cam.example.com:8554/stream1', name: 'Front door' },
      });
      expect(res.status).toBe(201);
      const cam = res.json;
      expect(cam.uidd).toBe(`${u.uid}.${cam.deviceId}`);
      expect(cam).toMatchObject({
        owner: u.uid,
        name: 'Front door',
        access: 'a',
        tags: [],
        videoCodec: 'h264',
        recordingResolution: '2MP',
        cloudRecordingEnabled: true,
        romEnabled: false,
        ptzEnabled: false,
        mainstreamLive: true,
        uninstalled: false,
        streams: { main: 'rtsp://cam.example.com:8554/stream1', sd: null, hasCredentials: true },
      });
      expect(probe.targets[0]).toEqual({
        url: 'rtsp://admin:s3cr%40t-pw@cam.example.com:8554/stream1',
        hasCredentials: true,
        secrets: ['admin', 's3cr@t-pw'],
      });
      expect(JSON.stringify(res.json)).not.toMatch(/s3cr|admin/);
      expect(recordedTasks(t).changes.at(-1)).toEqual({ uidd: cam.uidd, kind: 'installed' });

      // At rest: the address without credentials, the credentials encrypted; the recorder's directory decrypts.
      const row = await t.db.db
        .selectFrom('cameras')
        .selectAll()
        .where('uidd', '=', cam.uidd)
        .executeTakeFirstOrThrow();
      expect(row.stream_url).toBe('rtsp://cam.example.com:8554/stream1');
      expect(JSON.stringify(row)).not.toMatch(/s3cr|admin/);
      expect(row.credentials_key_id).toBe('k1');
      const rec = await t.app.services.cameras.directory.get(cam.uidd);
      expect(rec?.mainUrl).toBe('rtsp://admin:s3cr%40t-pw@cam.example.com:8554/stream1');

      const list = await t.call({ method: 'GET', url: '/cameras', token: u.token });
      expect(list.json.map((c: { uidd: string }) => c.uidd)).toContain(cam.uidd);
      expect(JSON.stringify(list.json)).not.toMatch(/s3cr|admin/);
    });

    it('adds a camera by IP, port, path, user and password, with an SD stream using the same credentials', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      probe.next = {
        ok: true,
        info: { videoCodec: 'h265', width: 2560, height: 1440, frameRate: 15, audioCodec: 'aac' },
      };
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: {
          ip: '203.0.113.7',
          port: 10554,
          path: 'Streaming/Channels/101',
          username: 'viewer',
          password: 'pa ss',
          sdUrl: 'rtsp://203.0.113.7:10554/Streaming/Channels/102',
          recordingMode: 'rom',
          motionSensitivity: 8,
          ptzEnabled: true,
          timezoneName: 'Europe/Paris',
        },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        name: 'Camera 1',
        videoCodec: 'h265',
        recordingResolution: '4MP',
        romEnabled: true,
        recordingMode: 'rom',
        motionSensitivity: 8,
        ptzEnabled: true,
        audioEnabled: true,
        timezoneName: 'Europe/Paris',
        hasSdStream: true,
        mainstreamLive: false,
        video: { width: 2560, height: 1440, frameRate: 15, audioCodec: 'aac' },
      });
      expect(probe.targets.map((p) => p.url)).toEqual([
        'rtsp://viewer:pa%20ss@203.0.113.7:10554/Streaming/Channels/101',
        'rtsp://viewer:pa%20ss@203.0.113.7:10554/Streaming/Channels/102',
      ]);
    });

    it('refuses bad addresses with the reason, before any probe', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'file:///etc/passwd' }, `body.url: ${CAMERA_URL_PROBLEMS.file}`],
        [{ url: 'concat:/a.mp4|/b.mp4' }, `body.url: ${CAMERA_URL_PROBLEMS.concat}`],
        [{ url: '-f lavfi -i testsrc' }, `body.url: ${CAMERA_URL_PROBLEMS.optionLike}`],
        [{ url: 'http://cam.example.com/video' }, `body.url: ${CAMERA_URL_PROBLEMS.otherScheme('http')}`],
        [{ url: 'rtsp://cam.example.com/a b' }, `body.url: ${CAMERA_URL_PROBLEMS.whitespace}`],
        [{ url: 'rtsp://cam.example.com/a\r\nX: y' }, `body.url: ${CAMERA_URL_PROBLEMS.whitespace}`],
        [{ ip: '-rtsp_flags', port: 554 }, `body.ip: ${CAMERA_URL_PROBLEMS.optionLike}`],
        [{ ip: 'cam.example.com', path: '-i x' }, `body.path: ${CAMERA_URL_PROBLEMS.optionLike}`],
        [{ ip: 'cam.example.com', path: '/a\tb' }, `body.path: ${CAMERA_URL_PROBLEMS.whitespace}`],
        [
          { url: 'rtsp://cam.example.com/', sdUrl: 'file:/dev/zero' },
          `body.sdUrl: ${CAMERA_URL_PROBLEMS.file}`,
        ],
        [{}, 'body.url: give either url, or ip'],
        [{ url: 'rtsp://cam.example.com/', ip: '1.2.3.4' }, 'body.url: give either url, or ip'],
        [{ ip: 'cam.example.com', password: 'x' }, 'body.username: is required with a password'],
        [{ url: 'rtsp://cam.example.com/', timezoneName: 'Mars/Base' }, 'body.timezoneName'],
      ];
      for (const [payload, message] of cases) {
        const res = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload });
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.json.error).toContain(message);
      }
      expect(probe.targets).toEqual([]);
    });

    it('maps probe failures to the install error categories', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const cases = [
        ['unreachable', 'install_unreachable', 'The camera cannot be reached'],
        ['missing_credentials', 'install_missing_credentials', 'asks for a user name and password'],
        ['unauthorised', 'install_unauthorised', 'The camera refused access'],
        ['connection_timeout', 'install_connection_timeout', 'did not answer within 10 seconds'],
        ['unsupported_codec', 'install_unsupported_codec', 'Unsupported camera video'],
      ] as const;
      for (const [kind, code, message] of cases) {
        probe.next = { ok: false, kind, detail: 'details' };
        const res = await t.call({
          method: 'POST',
          url: '/cameras',
          token: u.token,
          payload: { url: 'rtsp://cam.example.com/x' },
        });
        expect(res.status).toBe(422);
        expect(res.json).toMatchObject({ code });
        expect(res.json.error).toContain(message);
      }
      const unresolved = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://nowhere.example.com/x' },
      });
      expect(unresolved.status).toBe(422);
      expect(unresolved.json.code).toBe('install_unreachable');
      const list = await t.call({ method: 'GET', url: '/cameras', token: u.token });
      expect(list.json).toEqual([]);
    });

    it('refuses the same stream twice for one owner', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const payload = { url: 'rtsp://cam.example.com/dup' };
      expect((await t.call({ method: 'POST', url: '/cameras', token: u.token, payload })).status).toBe(201);
      const again = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload });
      expect(again.status).toBe(409);
      expect(again.json.code).toBe('camera_exists');
    });

    it('refuses the same stream under another spelling: query, trailing slash, default port, host case (issue 13)', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const install = (url: string, name?: string) =>
        t.call({ method: 'POST', url: '/cameras', token: u.token, payload: { url, name } });
      expect((await install('rtsp://cam.example.com/live/ch1?channel=1&subtype=0', 'Gate')).status).toBe(201);
      for (const url of [
        'rtsp://CAM.Example.com/live/ch1?subtype=0&channel=1',
        'rtsp://cam.example.com:554/live/ch1/?channel=1&subtype=0',
        'rtsp://cam.example.com/live/ch1?channel=1&subtype=0&tcp',
        'rtsp://user:pw@cam.example.com/live/ch1?channel=1&subtype=0&transport=tcp',
      ]) {
        const again = await install(url);
        expect(again.status, url).toBe(409);
        expect(again.json, url).toEqual({
          code: 'camera_exists',
          error: 'This camera is already installed as “Gate”',
        });
      }
      expect((await install('rtsp://cam.example.com/first/')).status).toBe(201);
      expect((await install('rtsp://cam.example.com/first?tcp')).status).toBe(409);
      // Another channel of the same recorder, or another path, is another stream.
      expect((await install('rtsp://cam.example.com/live/ch1?channel=2&subtype=0')).status).toBe(201);
      expect((await install('rtsp://cam.example.com/live/CH1?channel=1&subtype=0')).status).toBe(201);
      // Another account may add the same camera.
      const other = await signedInUser(t);
      const theirs = await t.call({
        method: 'POST',
        url: '/cameras',
        token: other.token,
        payload: { url: 'rtsp://cam.example.com/live/ch1/?channel=1&subtype=0' },
      });
      expect(theirs.status).toBe(201);
    });

    it('lets nobody install on another account, support and demo included', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const other = await signedInUser(t);
      const support = await signedInUser(t, 's');
      const payload = { url: 'rtsp://cam.example.com/x', owner: owner.uid };
      const byOther = await t.call({ method: 'POST', url: '/cameras', token: other.token, payload });
      expect(byOther.status).toBe(404);
      const bySupport = await t.call({ method: 'POST', url: '/cameras', token: support.token, payload });
      expect(bySupport.status).toBe(403);
      const demo = await demoSession(t);
      const byDemo = await t.call({
        method: 'POST',
        url: '/cameras',
        token: demo.token,
        payload: { url: 'rtsp://cam.example.com/x' },
      });
      expect(byDemo.status).toBe(403);
      expect(byDemo.json.code).toBe('demo_restricted');
      expect(probe.targets).toEqual([]);
    });

    it('allows loopback and private addresses by default (the embedded simulator is on 127.0.0.1)', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      for (const url of [
        'rtsp://127.0.0.1:18554/cam1',
        'rtsp://inside.example.com/x',
        'rtsp://192.168.1.10/x',
      ]) {
        const res = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload: { url } });
        expect(res.status, url).toBe(201);
      }
    });
  },
  {},
  () => ({ cameras: { probe, resolve, ptz } }),
);

describeEachDb(
  'POST /cameras with ALLOW_PRIVATE_CAMERA_ADDRESSES=false',
  (ctx) => {
    it('refuses loopback, private and link-local addresses, however they are written', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      probe.targets = [];
      const urls = [
        'rtsp://127.0.0.1/x',
        'rtsp://[::1]/x',
        'rtsp://localhost/x',
        'rtsp://2130706433/x',
        'rtsp://10.0.0.8/x',
        'rtsp://172.20.1.1/x',
        'rtsp://192.168.0.4/x',
        'rtsp://169.254.169.254/latest',
        'rtsp://[fd12::1]/x',
        'rtsp://[::ffff:127.0.0.1]/x',
        'rtsp://inside.example.com/x',
      ];
      for (const url of urls) {
        const res = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload: { url } });
        expect(res.status, url).toBe(400);
        expect(res.json.code, url).toBe('camera_address_not_allowed');
        expect(res.json.error, url).toMatch(/^url: (loopback|private network) addresses are not allowed/);
      }
      const zero = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://0.0.0.0/x' },
      });
      expect(zero.json.error).toBe('url: 0.0.0.0 is not a camera address');
      expect(probe.targets).toEqual([]);
      const ok = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://cam.example.com/x' },
      });
      expect(ok.status).toBe(201);
    });

    it('refuses documentation ranges, and answers every unreachable camera alike (decision 0016)', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      probe.targets = [];
      for (const url of [
        'rtsp://192.0.2.1/x',
        'rtsp://198.51.100.7:554/x',
        'rtsp://203.0.113.9/x',
        'rtsp://[2001:db8::1]/x',
      ]) {
        const res = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload: { url } });
        expect([url, res.status, res.json.code, res.json.error]).toEqual([
          url,
          400,
          'camera_address_not_allowed',
          'url: documentation (example) addresses are not allowed for cameras on this server',
        ]);
      }
      expect(probe.targets).toEqual([]);
      // A closed port, an open port that is no camera, no route, and a name that does not resolve: one answer.
      const answers = new Set<string>();
      for (const detail of [
        'the camera refused the connection: check the address and port',
        'the camera did not answer as an RTSP camera (Invalid data found when processing input)',
        'no route to the camera’s network',
      ]) {
        probe.next = { ok: false, kind: 'unreachable', detail };
        const res = await t.call({
          method: 'POST',
          url: '/cameras',
          token: u.token,
          payload: { url: 'rtsp://cam.example.com/x' },
        });
        expect([res.status, res.json.code]).toEqual([422, 'install_unreachable']);
        answers.add(res.json.error);
      }
      const unresolved = await t.call({
        method: 'POST',
        url: '/cameras',
        token: u.token,
        payload: { url: 'rtsp://nothing.example.com/x' },
      });
      expect([unresolved.status, unresolved.json.code]).toEqual([422, 'install_unreachable']);
      answers.add(unresolved.json.error);
      expect([...answers]).toEqual([
        'The camera cannot be reached: check its address, port and path, and that it accepts RTSP connections from the internet',
      ]);
      probe.next = H264_1080P;
    });
  },
  { ALLOW_PRIVATE_CAMERA_ADDRESSES: 'false' },
  () => ({ cameras: { probe, resolve, ptz } }),
);

describe('install error messages', () => {
  it('are the ones the web app maps (codes listed in the contracts)', async () => {
    const { ERROR_CODES } = await import('@vigil/contracts');
    for (const c of [
      'install_unreachable',
      'install_missing_credentials',
      'install_unauthorised',
      'install_connection_timeout',
      'install_unsupported_codec',
    ])
      expect(ERROR_CODES).toContain(c);
  });
});
