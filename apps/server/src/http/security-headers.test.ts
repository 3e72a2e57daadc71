import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';

/** What every answer must carry (decision 0014), written out here rather than read from the code's own table. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "media-src 'self' blob: https: http:; worker-src 'self' blob:; connect-src 'self' ws: wss: https: http:; font-src 'self' data:; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

describe('browser security headers (decision 0014)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vigil-dist-'));
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { WEB_DIST: dist });
    proxied = await createTestApp('sqlite', { WEB_DIST: dist, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    for (const a of [t, proxied]) {
      await a.app.close();
      await a.db.destroy();
    }
    rmSync(dist, { recursive: true, force: true });
  });

  const kinds = [
    {
      name: 'the web app (a page navigation)',
      url: '/shared/abc',
      headers: { 'sec-fetch-mode': 'navigate' },
    },
    { name: 'a script of the web app', url: '/assets/app-1.js', headers: {} },
    { name: 'API JSON', url: '/health', headers: { accept: 'application/json' } },
    { name: 'an API error', url: '/cameras', headers: { accept: 'application/json' } },
    { name: 'an unknown path', url: '/no/such/thing', headers: { accept: 'application/json' } },
    { name: 'a recorded file with a bad grant', url: '/hls/u1/d1/1/2/f/x/main/init-0.mp4', headers: {} },
    { name: 'a still', url: '/getstill/u1/d1/now.jpg', headers: {} },
  ];

  it.each(kinds)('are on $name', async ({ url, headers }) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    for (const [name, value] of Object.entries(EXPECTED))
      expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    // Plain HTTP, no trusted proxy: no HSTS (a browser would ignore it anyway, and a dev setup must not get it).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    const viaTls = { 'x-forwarded-proto': 'https', accept: 'application/json' };
    const untrusted = await t.app.inject({ method: 'GET', url: '/health', headers: viaTls });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const trusted = await proxied.app.inject({ method: 'GET', url: '/health', headers: viaTls });
    expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/health',
      headers: { accept: 'application/json' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the configured video service be reached by the page', async () => {
    const other = await createTestApp('sqlite', { VIDEO_SERVICE_URL: 'https://video.example.com/base' });
    try {
      const csp = String(
        (await other.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'],
      );
      expect(csp).toContain("img-src 'self' data: blob: https://video.example.com;");
    } finally {
      await other.app.close();
      await other.db.destroy();
    }
  });
});
