import { describe, expect, it } from 'vitest';
import type { InitSegment } from '../bmff/splitter.ts';
import { silentLog } from '../log.ts';
import type { TimedFragment } from '../storage/segment-writer.ts';
import { type LiveChunk, LiveHub } from './live-hub.ts';

const init = (tag: string): InitSegment => ({
  data: Buffer.from(tag),
  info: {
    tracks: new Map(),
    video: { timescale: 1000 } as never,
    mimeType: 'video/mp4; codecs="avc1.64001f"',
  },
});
let t = 0;
const frag = (keyframe: boolean, duration = 100): TimedFragment => {
  t += duration;
  return {
    data: Buffer.from(`${keyframe ? 'K' : 'P'}${t}`),
    keyframe,
    video: { trackId: 1, baseDecodeTime: t, sampleCount: 1, duration, startsWithSync: keyframe },
    wallMs: t,
  };
};
const names = (chunks: LiveChunk[]): string[] => chunks.map((c) => c.data.toString());

describe('LiveHub', () => {
  it('gives a new viewer the init and everything since the last keyframe, then follows', () => {
    const hub = new LiveHub(silentLog);
    hub.setInit(init('I'));
    hub.push(frag(false)); // before any keyframe: useless to a decoder
    const k1 = frag(true);
    hub.push(k1);
    hub.push(frag(false));
    const k2 = frag(true);
    const p = frag(false);
    hub.push(k2);
    hub.push(p);
    const got: LiveChunk[] = [];
    hub.subscribe((c) => got.push(c));
    expect(names(got)).toEqual(['I', k2.data.toString(), p.data.toString()]);
    const next = frag(false);
    hub.push(next);
    expect(got.at(-1)?.data).toBe(next.data);
  });

  it('keeps a keyframe split in two packets of one timestamp together', () => {
    const hub = new LiveHub(silentLog);
    hub.setInit(init('I'));
    hub.push(frag(true));
    hub.push(frag(false));
    const sps = frag(true, 0);
    const idr = frag(true, 100);
    hub.push(sps);
    hub.push(idr);
    const got: LiveChunk[] = [];
    hub.subscribe((c) => got.push(c));
    expect(names(got)).toEqual(['I', sps.data.toString(), idr.data.toString()]);
  });

  it('announces a new init to viewers, drops what is stale, and unsubscribes a listener that throws', () => {
    const hub = new LiveHub(silentLog);
    hub.setInit(init('I1'));
    hub.push(frag(true));
    const got: LiveChunk[] = [];
    const off = hub.subscribe((c) => got.push(c));
    hub.subscribe(() => {
      throw new Error('gone');
    });
    expect(hub.subscribers).toBe(1);
    hub.clear();
    hub.setInit(init('I2'));
    expect(got.at(-1)).toMatchObject({ type: 'init' });
    expect(got.at(-1)?.data.toString()).toBe('I2');
    expect(hub.keyframe()).toBeUndefined();
    off();
    expect(hub.subscribers).toBe(0);
  });
});
