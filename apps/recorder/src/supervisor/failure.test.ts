import { describe, expect, it } from 'vitest';
import { classifyFailure } from './failure.ts';

/** ffmpeg 5.1's own stderr for each case, as printed with the recorder's ingest arguments (captured here). */
const ended = (stderr: string, more: { stalled?: boolean; videoFragments?: number } = {}) =>
  classifyFailure({ stderr, stalled: false, videoFragments: 0, ...more });

describe('classifyFailure', () => {
  it('names refused credentials', () => {
    expect(
      ended(
        '[rtsp @ 0x5557c5214b00] method OPTIONS failed: 401 Unauthorized\nrtsp://u:***@127.0.0.1:41347/x: Server returned 401 Unauthorized (authorization failed)',
      ),
    ).toBe('unauthorised');
    expect(
      ended(
        '[rtsp @ 0x561201afeb00] method OPTIONS failed: 403 Forbidden\nrtsp://u:***@127.0.0.1:34467/x: Server returned 403 Forbidden (access denied)',
      ),
    ).toBe('unauthorised');
  });

  it('names a camera that cannot be reached', () => {
    expect(
      ended(
        '[tcp @ 0x558dc4b88b00] Connection to tcp://127.0.0.1:1?timeout=2000000 failed: Connection refused\nrtsp://127.0.0.1:1/x: Connection refused',
      ),
    ).toBe('unreachable');
    expect(
      ended(
        '[tcp @ 0x562ddb68cb00] Failed to resolve hostname nonexistent.invalid: Name or service not known\nrtsp://nonexistent.invalid/x: Input/output error',
      ),
    ).toBe('unreachable');
    expect(ended('rtsp://u:***@127.0.0.1:45241/x: Invalid data found when processing input')).toBe(
      'unreachable',
    );
  });

  it('names no video: no stream at the path, a stream without video, or silence', () => {
    expect(
      ended(
        '[rtsp @ 0x564a9664ab00] method OPTIONS failed: 404 Not Found\nrtsp://u:***@127.0.0.1:45933/x: Server returned 404 Not Found',
      ),
    ).toBe('no video');
    expect(
      ended("Stream map '0:v:0' matches no streams.\nTo ignore this, add a trailing '?' to the map."),
    ).toBe('no video');
    expect(ended('', { stalled: true })).toBe('no video');
    expect(ended('', { stalled: true, videoFragments: 40 })).toBeUndefined();
  });

  it('names video an MP4 cannot carry', () => {
    expect(
      ended(
        '[mp4 @ 0x55b8d0a19c40] Could not find tag for codec flv1 in stream #0, codec not currently supported in container\nCould not write header for output file #0 (incorrect codec parameters ?): Invalid argument',
      ),
    ).toBe('video unsupported');
    // Audio (stream #1) is the recorder's to fix by re-encoding it: no problem to report.
    expect(
      ended(
        '[mp4 @ 0x55b8d0a19c40] Could not find tag for codec pcm_alaw in stream #1, codec not currently supported in container',
      ),
    ).toBeUndefined();
  });

  it('says nothing of an exit it cannot read', () => {
    expect(ended('')).toBeUndefined();
  });
});
