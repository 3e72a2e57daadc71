import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

describe('one origin for the web app and the API (decision 0006)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vigil-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('serves the web app to a browser navigation, even on a path that is also an API call', async () => {
    for (const url of ['/cameras', '/events?x=1', '/sign-in', '/no/such/page']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers API calls with JSON and serves assets immutable', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/cameras',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(401);
    expect(api.json().code).toBe('unauthorised');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
