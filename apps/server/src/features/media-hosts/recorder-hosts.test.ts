import { createTestDb, TEST_DB_KINDS } from '@vigil/db/testing';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness.ts';
import { until } from '../recording/testing.ts';
import { RecorderHosts } from './recorder-hosts.ts';
import { RecordersRepository } from './recorders-repository.ts';
import { registerRecorder } from './testing.ts';

const UIDD = 'u1.cam' as never;

describe('RecorderHosts (decision 0601)', () => {
  it('names another live recorder; this process and unknown hosts are served here; a gone recorder is offline', async () => {
    let reads = 0;
    let t = 0;
    const hosts = new RecorderHosts({
      list: async () => {
        reads += 1;
        return [
          { id: 'a', publicUrl: 'https://rec-a.example:8443/', alive: true },
          { id: 'me', publicUrl: 'https://server.example', alive: true },
        ];
      },
      selfUrls: ['https://server.example/'],
      now: () => t,
    });
    expect(await hosts.fileHost('a')).toEqual({ at: 'https://rec-a.example:8443' });
    expect(await hosts.fileHost(undefined)).toEqual({});
    expect(await hosts.fileHost('me')).toEqual({});
    expect(await hosts.fileHost('gone')).toEqual({ offline: 'gone' });
    expect(await hosts.loggerOrigin('https://rec-a.example:8443')).toBe('https://rec-a.example:8443');
    expect(await hosts.loggerOrigin('http://old-public-url:8080')).toBeUndefined();
    expect(await hosts.liveUrl('https://rec-a.example:8443', UIDD, 'sd')).toBe(
      'wss://rec-a.example:8443/live/u1.cam/sd',
    );
    expect(await hosts.origins()).toEqual(['https://rec-a.example:8443']);
    // One read for all of that: misses re-read at most once a second, the list every 10 s.
    expect(reads).toBe(1);
    t += 1000;
    await hosts.fileHost('gone');
    expect(reads).toBe(2);
    await hosts.fileHost('a');
    expect(reads).toBe(2);
    t += 10_000;
    await hosts.fileHost('a');
    expect(reads).toBe(3);
    // This process's own address is never looked up.
    await hosts.loggerOrigin('https://server.example');
    expect(reads).toBe(3);
  });

  it('keeps the last list when a read fails', async () => {
    let fail = false;
    let t = 0;
    const errors: unknown[] = [];
    const hosts = new RecorderHosts({
      list: async () => {
        if (fail) throw new Error('database away');
        return [{ id: 'a', publicUrl: 'http://rec-a:8081', alive: true }];
      },
      selfUrls: ['http://server:8080'],
      now: () => t,
      onError: (e) => errors.push(e),
    });
    expect(await hosts.fileHost('a')).toEqual({ at: 'http://rec-a:8081' });
    fail = true;
    t += 20_000;
    expect(await hosts.fileHost('a')).toEqual({ at: 'http://rec-a:8081' });
    expect(errors.map(String)).toEqual(['Error: database away']);
  });

  it('footage of a dead or gone recorder: offline on its own disk; on shared storage read by a live one (0615)', async () => {
    const list = async () => [
      { id: 'dead', publicUrl: 'http://rec-dead:8081', alive: false },
      { id: 'b', publicUrl: 'http://rec-b:8081', alive: true },
      { id: 'c', publicUrl: 'http://rec-c:8081', alive: true },
    ];
    const own = new RecorderHosts({ list, selfUrls: ['http://server:8080'], now: () => 0 });
    expect(await own.fileHost('dead')).toEqual({ offline: 'dead' });
    expect(await own.fileHost('drained-and-gone')).toEqual({ offline: 'drained-and-gone' });
    expect(await own.fileHost('b')).toEqual({ at: 'http://rec-b:8081' });
    const server = new RecorderHosts({
      list,
      selfUrls: ['http://server:8080'],
      now: () => 0,
      sharedRecordings: { readsHere: false },
    });
    const reader = (await server.fileHost('dead')).at;
    expect(['http://rec-b:8081', 'http://rec-c:8081']).toContain(reader);
    // Always the same reader for one writer.
    expect((await server.fileHost('dead')).at).toBe(reader);
    expect(await server.fileHost('gone')).toHaveProperty('at');
    // A recorder on the shared storage reads it itself (a redirect to another would bounce on).
    const recorder = new RecorderHosts({
      list,
      selfUrls: ['http://rec-b:8081'],
      now: () => 0,
      sharedRecordings: { readsHere: true },
    });
    expect(await recorder.fileHost('dead')).toEqual({});
    expect(await recorder.fileHost('c')).toEqual({ at: 'http://rec-c:8081' });
    // No live recorder at all: offline, shared or not.
    const none = new RecorderHosts({
      list: async () => [{ id: 'dead', publicUrl: 'http://rec-dead:8081', alive: false }],
      selfUrls: ['http://server:8080'],
      now: () => 0,
      sharedRecordings: { readsHere: false },
    });
    expect(await none.fileHost('dead')).toEqual({ offline: 'dead' });
  });
});

describe.each(TEST_DB_KINDS)('RecordersRepository [%s]', (kind) => {
  it('reads no recorders where the table is absent (the embedded default), and the registered ones', async () => {
    const db = await createTestDb(kind);
    try {
      const repo = new RecordersRepository(db.db, 10_000);
      expect(await repo.list()).toEqual([]);
      await registerRecorder(db.db, 'rec-1', 'http://rec-1:8081');
      expect(await repo.list()).toContainEqual({ id: 'rec-1', publicUrl: 'http://rec-1:8081', alive: true });
    } finally {
      await db.destroy();
    }
  });
});

describe('the Content-Security-Policy (decision 0601)', () => {
  it('lets the page show stills from the recorders of the deployment, as they register', async () => {
    const other = await createTestApp('postgres', { PUBLIC_URL: 'https://vigil.example.com' });
    const csp = async () =>
      String((await other.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    try {
      expect(await csp()).toContain("img-src 'self' data: blob:;");
      await registerRecorder(other.db.db, 'rec-2', 'https://rec-2.vigil.example.com:8443/');
      // This server's own row adds nothing; a recorder that registered is in after the list's next read.
      await registerRecorder(other.db.db, 'self', 'https://vigil.example.com');
      const after = await until(async () => {
        const now = await csp();
        return now.includes('rec-2') && now;
      }, 15_000);
      expect(after).toContain("img-src 'self' data: blob: https://rec-2.vigil.example.com:8443;");
    } finally {
      await other.app.close();
      await other.db.destroy();
    }
  }, 20_000);
});
