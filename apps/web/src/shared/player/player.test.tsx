import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { i18n } from '../i18n/translator.ts';
import { NO_2D_CONTEXT, snapshotOf } from '../platform/snapshot.ts';
import { clampView, fisheyeUv, initialView, panes, viewKey } from './dewarp.ts';
import { engineFor, faultMessageKey, mpegtsType, sameOrigin } from './engines.ts';
import { progressOf } from './progress.ts';
import { VideoPlayer } from './VideoPlayer.tsx';

initI18n('en');

describe('engines', () => {
  it('plays HLS with hls.js and the /stream/ and /transcode/ URLs with mpegts.js', () => {
    expect(engineFor('/hls/o/d/1/2/index.m3u8?token=x')).toBe('hls');
    expect(engineFor('/stream/mp4/o/d/1/2/tok?inputStream=true')).toBe('mpegts');
    expect(engineFor('https://v.example/transcode/mpegts/o/d/1/2/tok')).toBe('mpegts');
    expect(engineFor('/video/mp4/o/d/1/2')).toBe('native');
    expect(mpegtsType('/stream/mpegts/o/d/1/2/t')).toBe('mpegts');
    expect(mpegtsType('/stream/mp4/o/d/1/2/t')).toBe('mp4');
  });

  it('sends its headers (the auth token) only to this origin, not to a recorder a playlist names', () => {
    const here = 'https://vigil.example';
    expect(sameOrigin('f/grant/main/init-ab.mp4', here)).toBe(true);
    expect(sameOrigin('/hls/o/d/1/2/index.m3u8', here)).toBe(true);
    expect(sameOrigin('https://vigil.example/hls/o/d/1/2/f/g/a.m4s', here)).toBe(true);
    expect(sameOrigin('https://rec-2.vigil.example/hls/o/d/1/2/f/g/a.m4s', here)).toBe(false);
    expect(sameOrigin('http://vigil.example/hls/x', here)).toBe(false);
  });

  it('tells the viewer when the footage is on a recorder that is offline (503, decision 0615)', () => {
    expect(i18n.t(faultMessageKey(503))).toBe(
      'This footage is on a recorder that is offline. It plays again once that recorder is back.',
    );
    expect(i18n.t(faultMessageKey(404))).toBe('There is no video here.');
    expect(i18n.t(faultMessageKey(undefined))).toBe('The video could not be played.');
  });
});

describe('progress', () => {
  it('reports seconds and fractions played and loaded', () => {
    const buffered = { length: 1, start: () => 0, end: () => 30 } as unknown as TimeRanges;
    expect(progressOf({ currentTime: 15, duration: 60, buffered })).toEqual({
      playedSeconds: 15,
      played: 0.25,
      loadedSeconds: 30,
      loaded: 0.5,
    });
    expect(progressOf({ currentTime: 1, duration: Number.NaN, buffered }).played).toBe(0);
  });
});

describe('dewarp', () => {
  it('starts at 95° of view and keeps the field of view within 50–110, the tilt within ±80', () => {
    expect(initialView('wall')).toEqual({ panDeg: 0, tiltDeg: 0, fovDeg: 95 });
    expect(clampView({ panDeg: 190, tiltDeg: 95, fovDeg: 30 })).toEqual({
      panDeg: -170,
      tiltDeg: 80,
      fovDeg: 50,
    });
    expect(clampView({ panDeg: 0, tiltDeg: -95, fovDeg: 130 })).toEqual({
      panDeg: 0,
      tiltDeg: -80,
      fovDeg: 110,
    });
  });
  it('moves 5 units a key press', () => {
    const v = initialView('wall');
    expect(viewKey(v, 'ArrowRight')).toEqual({ ...v, panDeg: 5 });
    expect(viewKey(v, 'ArrowUp')).toEqual({ ...v, tiltDeg: 5 });
    expect(viewKey(v, '+')).toEqual({ ...v, fovDeg: 90 });
    expect(viewKey(v, 'x')).toBeUndefined();
  });
  it('has one, four or three panes', () => {
    expect([panes('single').length, panes('quad').length, panes('triple').length]).toEqual([1, 4, 3]);
  });
  it('looks at the centre of the picture along the lens axis, and nowhere behind the lens', () => {
    expect(
      fisheyeUv(0, 0, 1, { panDeg: 0, tiltDeg: 0, fovDeg: 95 }, 'wall', 1)?.map((x) => x.toFixed(3)),
    ).toEqual(['0.500', '0.500']);
    // A ceiling camera looking straight down sees the centre; at the horizon, the rim.
    const down = fisheyeUv(0, 0, 1, { panDeg: 0, tiltDeg: -80, fovDeg: 50 }, 'ceiling', 1)!;
    expect(Math.hypot(down[0] - 0.5, down[1] - 0.5)).toBeLessThan(0.06);
    expect(fisheyeUv(0, 0, 1, { panDeg: 180, tiltDeg: 0, fovDeg: 50 }, 'wall', 1)).toBeUndefined();
  });
});

describe('VideoPlayer', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  it('reports progress every 250 ms; the audio button waits for a duration and sound', () => {
    vi.useFakeTimers();
    const onProgress = vi.fn();
    render(<VideoPlayer url={undefined} onProgress={onProgress} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onProgress).toHaveBeenCalledTimes(4);
    expect(onProgress.mock.lastCall?.[0]).toMatchObject({ playedSeconds: 0, played: 0 });
    expect((screen.getByRole('button', { name: 'Mute' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('passes a snapshot without a 2D canvas to the error callback', async () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await expect(snapshotOf(document.createElement('video'))).rejects.toThrow(NO_2D_CONTEXT);
    const onError = vi.fn();
    render(<VideoPlayer url={undefined} onError={onError} />);
    act(() => screen.getByRole('button', { name: 'Snapshot' }).click());
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: NO_2D_CONTEXT })),
    );
    getContext.mockRestore();
  });
});
