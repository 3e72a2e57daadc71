import { afterEach, describe, expect, it } from 'vitest';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { makeFmp4 } from '../testing/fixtures.ts';
import type { LiveChunk, LiveListener } from './live-hub.ts';
import { LiveTranscoder } from './transcoder.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A camera stream as the LiveHub hands it out: init, then fragments (all at once, as a prebuffer would be). */
function source(codec: 'h264' | 'h265') {
  const chunks: LiveChunk[] = [];
  for (const ev of new Mp4Splitter().push(makeFmp4({ codec, seconds: 3, fps: 10, gop: 10 }))) {
    if (ev.kind === 'init')
      chunks.push({ type: 'init', data: Buffer.from(ev.init.data), mimeType: ev.init.info.mimeType });
    else
      chunks.push({
        type: 'fragment',
        data: Buffer.from(ev.fragment.data),
        keyframe: ev.fragment.keyframe,
        wallMs: 1000 + 100 * chunks.length,
        durationMs: 100,
      });
  }
  const listeners = new Set<LiveListener>();
  return {
    chunks,
    listeners,
    subscribe: (l: LiveListener) => {
      listeners.add(l);
      for (const c of chunks) l(c);
      return () => listeners.delete(l);
    },
    /** The camera restarts: a new init and its fragments to every subscriber. */
    restart: () => {
      for (const l of listeners) for (const c of chunks) l(c);
    },
  };
}

/** Collects what a viewer gets; resolves `inits(n)` once n init chunks came. */
function viewer() {
  const got: LiveChunk[] = [];
  const waiters: Array<() => void> = [];
  const listener: LiveListener = (c) => {
    got.push(c);
    for (const w of waiters.splice(0)) w();
  };
  const until = (f: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not in time')), 10_000);
      const check = () => {
        if (f()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  const inits = () => got.filter((c) => c.type === 'init');
  return { got, listener, inits, until };
}

describe('LiveTranscoder', () => {
  let t: LiveTranscoder | undefined;
  afterEach(async () => t?.close());

  it('converts H.265 to H.264 and says so; a camera restart starts a new ffmpeg and a new init', async () => {
    const src = source('h265');
    t = new LiveTranscoder({
      ffmpegPath: 'ffmpeg',
      log: quiet,
      name: 't',
      source: src.subscribe,
      lingerMs: 100,
    });
    const v = viewer();
    t.subscribe(v.listener);
    await v.until(() => v.got.filter((c) => c.type === 'fragment').length >= 20);
    expect(v.inits()[0]).toMatchObject({ mimeType: expect.stringMatching(/avc1\./), converted: true });
    expect(t.stats.starts).toBe(1);
    src.restart();
    await v.until(() => v.inits().length === 2);
    expect(t.stats.starts).toBe(2);
  });

  it('passes an H.264 source through as it is, without ffmpeg', async () => {
    const src = source('h264');
    t = new LiveTranscoder({
      ffmpegPath: 'ffmpeg',
      log: quiet,
      name: 't',
      source: src.subscribe,
      lingerMs: 100,
    });
    const v = viewer();
    const stop = t.subscribe(v.listener);
    expect(t.pid).toBeUndefined();
    expect(t.stats.starts).toBe(0);
    const [init, ...rest] = v.got;
    expect(init).toMatchObject({
      type: 'init',
      mimeType: expect.stringMatching(/^video\/mp4; codecs="avc1\.64/),
    });
    expect(init && 'converted' in init).toBe(false);
    // The source's own bytes, fragment for fragment.
    const frags = src.chunks.filter((c) => c.type === 'fragment');
    expect(Buffer.concat(rest.map((c) => c.data)).equals(Buffer.concat(frags.map((c) => c.data)))).toBe(true);
    stop();
    await new Promise<void>((resolve) => {
      const wait = () => (t?.running ? setTimeout(wait, 20) : resolve());
      wait();
    });
    expect(src.listeners.size).toBe(0);
  });
});
