import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness.ts';

describe('roles of one binary [postgres]', () => {
  it('a recorder answers /health and its media only: live (WebSocket, HLS) and stills', async () => {
    const t = await createTestApp('postgres', { ROLE: 'recorder', DATABASE_URL: 'postgres://unused/x' });
    try {
      expect(t.routes.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
        '/health',
        '/live/:uidd/:stream',
        '/live/:uidd/:stream/index.m3u8',
        '/live/:uidd/:stream/f/:file',
        '/getthumb/:uid/:deviceid/:token',
        '/getstill/:uid/:seconds/:token',
      ]);
      expect((await t.call({ method: 'GET', url: '/health' })).status).toBe(200);
      expect((await t.call({ method: 'GET', url: '/cameras' })).status).toBe(404);
    } finally {
      await t.app.close();
      await t.db.destroy();
    }
  });

  it('a server answers the whole API and GET /logger', async () => {
    const t = await createTestApp('postgres', { ROLE: 'server', DATABASE_URL: 'postgres://unused/x' });
    try {
      const urls = t.routes.map((r) => `${r.method} ${r.url}`);
      expect(urls).toContain('GET /logger');
      expect(urls).toContain('POST /login');
      expect(urls).toContain('GET /live/:uidd/:stream');
      expect(t.app.services.recording).toBeUndefined();
    } finally {
      await t.app.close();
      await t.db.destroy();
    }
  });
});
