import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness.ts';

describe('roles of one binary [postgres]', () => {
  it('a recorder answers /health and its media only: live (WebSocket, HLS), stills, recorded files', async () => {
    const t = await createTestApp('postgres', { ROLE: 'recorder', DATABASE_URL: 'postgres://unused/x' });
    try {
      expect(t.routes.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
        '/health',
        '/live/:uidd/:stream',
        '/live/:uidd/:stream/index.m3u8',
        '/live/:uidd/:stream/f/:file',
        '/getthumb/:uid/:deviceid/:token',
        '/getstill/:uid/:seconds/:token',
        // The recorded video it holds (decision 0601): the files a server's playlist names here, and the frames
        // and clips a server redirects here.
        '/sessions',
        '/hls/:owner/:device/:startSec/:endSec/index.m3u8',
        '/hls/:owner/:device/:startSec/:endSec/f/:grant/*',
        '/video/mp4/:owner/:device/:startSec/:endSec',
        '/video/mp4/:owner/:device/:startSec/:endSec/:stream',
        '/stream/:format/:user/:camera/:startSeconds/:endSeconds/:token',
        '/simple/:uid/:deviceid/hdstill/:file',
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
