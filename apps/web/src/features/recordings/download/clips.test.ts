import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClipResult, downloadOutcome, fetchClip, packClips } from './clips.ts';
import { defaultRange } from './DownloadDialog.tsx';
import { crc32, zip } from './zip.ts';

const ok = (uidd: string, filename: string, bytes = [1, 2, 3]): ClipResult => ({
  uidd,
  status: 'ok',
  filename,
  data: new Uint8Array(bytes),
});
const noVideo = (uidd: string): ClipResult => ({ uidd, status: 'no-video' });
const failed = (uidd: string): ClipResult => ({ uidd, status: 'error', message: 'boom' });

describe('download results (spec 001 §4, §8)', () => {
  it('ok when every clip came; some-error when some did; all-error or no-video when none did', () => {
    expect(downloadOutcome([ok('a', 'a.mp4'), ok('b', 'b.mp4')])).toBe('ok');
    expect(downloadOutcome([ok('a', 'a.mp4'), ok('b', 'b.mp4'), noVideo('c')])).toBe('some-error');
    expect(downloadOutcome([ok('a', 'a.mp4'), failed('b')])).toBe('some-error');
    expect(downloadOutcome([failed('a'), failed('b')])).toBe('all-error');
    expect(downloadOutcome([failed('a'), noVideo('b')])).toBe('all-error');
    expect(downloadOutcome([noVideo('a'), noVideo('b')])).toBe('no-video');
  });

  it('saves one clip as MP4, several zipped, nothing when none came', async () => {
    const at = { fromMs: Date.UTC(2026, 10, 21, 13, 5), timeZone: 'Europe/London' };
    expect(packClips([noVideo('a')], at)).toBeUndefined();
    const one = packClips([ok('a', 'Front 2026-11-21 13-05 Europe-London 10m.mp4'), noVideo('b')], at);
    expect(one?.filename).toBe('Front 2026-11-21 13-05 Europe-London 10m.mp4');
    expect(one?.blob.type).toBe('video/mp4');
    const many = packClips([ok('a', 'Cam.mp4', [1]), ok('b', 'Cam.mp4', [2, 2]), noVideo('c')], at);
    expect(many?.filename).toBe('Clips 2026-11-21 13-05 Europe-London.zip');
  });
});

describe('fetchClip', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('reads 404 as no video, other failures as errors, and reports progress', async () => {
    const job = {
      uidd: 'o.c',
      name: 'Front',
      fromMs: Date.UTC(2026, 10, 21, 13),
      toMs: Date.UTC(2026, 10, 21, 13, 10),
    };
    const o = { authToken: 't', timeZone: 'UTC', onProgress: vi.fn() };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"x","code":"video_missing"}', { status: 404 })),
    );
    expect(await fetchClip(job, o)).toEqual({ uidd: 'o.c', status: 'no-video' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Too long","code":"range_too_long"}', { status: 400 })),
    );
    expect(await fetchClip(job, o)).toEqual({ uidd: 'o.c', status: 'error', message: 'Too long' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe(`/video/mp4/o/c/${job.fromMs / 1000}/${job.toMs / 1000}`);
        expect(init.headers).toEqual({ authorization: 'Bearer t' });
        return new Response(new Uint8Array([1, 2, 3, 4]), { headers: { 'content-length': '4' } });
      }),
    );
    const r = await fetchClip(job, o);
    expect(r).toMatchObject({ status: 'ok', filename: 'Front 2026-11-21 13-00 UTC 10m.mp4' });
    expect(o.onProgress).toHaveBeenLastCalledWith(4, 4);
  });
});

describe('zip', () => {
  it('computes CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes an archive that unzip accepts, with UTF-8 names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-zip-'));
    try {
      const blob = zip([
        { name: 'Caméra 1.mp4', data: new Uint8Array([1, 2, 3]) },
        { name: 'b.mp4', data: new Uint8Array(1000).fill(7) },
      ]);
      const file = join(dir, 'x.zip');
      writeFileSync(file, new Uint8Array(await blob.arrayBuffer()));
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      const list = "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))";
      expect(
        execFileSync('/usr/bin/python3', ['-c', list, file], { encoding: 'utf8' }).trim().split('\n'),
      ).toEqual(['Caméra 1.mp4', 'b.mp4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the download dialog opens on a range it can download', () => {
  const at = (hhmmss: string) => Date.parse(`2026-11-24T${hhmmss}Z`);
  it('ten minutes around the playhead, in whole minutes, never ending after the minute now is in', () => {
    const now = at('12:03:30');
    // The playhead at now (the last minutes): the range ends with the minute now is in.
    expect(defaultRange(undefined, now)).toEqual({ startMs: at('11:54:00'), endMs: at('12:04:00') });
    expect(defaultRange(now, now)).toEqual({ startMs: at('11:54:00'), endMs: at('12:04:00') });
    // A playhead in the past: five minutes either side.
    expect(defaultRange(at('09:30:20'), now)).toEqual({ startMs: at('09:25:00'), endMs: at('09:35:00') });
    // Two minutes before now: still not past the minute now is in.
    expect(defaultRange(at('12:01:30'), now)).toEqual({ startMs: at('11:54:00'), endMs: at('12:04:00') });
  });
});
