import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/** Two real server instances, each with its own database, talking HTTP like a browser would. */
describe.each(['sqlite', 'postgres'] as const)('regional login with two instances [%s]', (kind) => {
  let home: TestApp;
  let other: TestApp;
  let homeUrl: string;
  let otherUrl: string;

  beforeAll(async () => {
    const [homePort, otherPort] = [await freePort(), await freePort()];
    homeUrl = `http://127.0.0.1:${homePort}`;
    otherUrl = `http://127.0.0.1:${otherPort}`;
    // Each knows the other, as a deployment's region map would say.
    home = await createTestApp(kind, { REGION: 'eu', REGION_MAP: `us=${otherUrl}` });
    other = await createTestApp(kind, { REGION: 'us', REGION_MAP: `eu=${homeUrl}` });
    await home.app.listen({ port: homePort, host: '127.0.0.1' });
    await other.app.listen({ port: otherPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const t of [home, other]) {
      await t?.app.close();
      await t?.db.destroy();
    }
  });

  const post = async (base: string, body: object) => {
    const res = await fetch(`${base}/login?rememberme=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('answers the home server location, and the repeated login there succeeds', async () => {
    const account = await home.createUser({ region: 'eu' });
    // The other region knows only where the account lives (a directory entry without a password).
    await other.createUser({ email: account.email, region: 'eu', withPassword: false });

    const first = await post(otherUrl, { email: account.email, password: account.password });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ location: homeUrl, region: 'eu' });

    const second = await post(String(first.json.location), {
      email: account.email,
      password: account.password,
    });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ uid: account.uid, region: 'eu', email: account.email });

    const wrong = await post(String(first.json.location), {
      email: account.email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
  });

  it('lets the other region web app call the home server (CORS for configured regions only)', async () => {
    const preflight = await fetch(`${homeUrl}/login`, {
      method: 'OPTIONS',
      headers: { origin: otherUrl, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(otherUrl);
    const stranger = await fetch(`${otherUrl}/health`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const regional = await fetch(`${otherUrl}/health`, { headers: { origin: homeUrl } });
    expect(regional.headers.get('access-control-allow-origin')).toBe(homeUrl);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
