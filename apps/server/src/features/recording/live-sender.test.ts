import type { LiveChunk } from '@vigil/recorder';
import { describe, expect, it } from 'vitest';
import { liveSender } from './live-sender.ts';

const init = (mimeType = 'video/mp4; codecs="avc1.64001f"'): LiveChunk => ({
  type: 'init',
  data: Buffer.from('init'),
  mimeType,
});
const fragment = (s: string, keyframe = false): LiveChunk => ({
  type: 'fragment',
  data: Buffer.from(s),
  keyframe,
  wallMs: 0,
  durationMs: 100,
});
const microtasks = () => new Promise<void>((r) => setImmediate(r));

describe('liveSender (decision 0214)', () => {
  it('sends the prebuffer delivered with the init as one binary message, then a message per fragment', async () => {
    const sent: Array<string | Buffer> = [];
    const send = liveSender((d) => sent.push(d));
    // What LiveHub.subscribe delivers synchronously: init, the keyframe, the rest of the GOP.
    send(init());
    for (const s of ['K', 'a', 'b', 'c']) send(fragment(s, s === 'K'));
    await microtasks();
    send(fragment('d'));
    send(fragment('e'));
    expect(sent.map((m) => (typeof m === 'string' ? JSON.parse(m) : m.toString()))).toEqual([
      { type: 'init', mimeType: 'video/mp4; codecs="avc1.64001f"' },
      'init',
      'Kabc',
      'd',
      'e',
    ]);
  });

  it('a restart (a new init) sends what followed the old one first; an init alone sends no empty message', async () => {
    const sent: Array<string | Buffer> = [];
    const send = liveSender((d) => sent.push(d));
    send(init());
    send(fragment('K', true));
    send(init('video/mp4; codecs="avc1.4d401f"'));
    await microtasks();
    send(fragment('L', true));
    expect(sent.map((m) => (typeof m === 'string' ? JSON.parse(m).mimeType : m.toString()))).toEqual([
      'video/mp4; codecs="avc1.64001f"',
      'init',
      'K',
      'video/mp4; codecs="avc1.4d401f"',
      'init',
      'L',
    ]);
  });
});
