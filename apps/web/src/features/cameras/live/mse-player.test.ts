import { afterEach, describe, expect, it, vi } from 'vitest';
import { MseLivePlayer } from './mse-player.ts';

/** Fragments of 0.1 s (10 fps) into a fake Media Source, a fake socket and a fake video element. */
function rig() {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    binaryType = '';
    readyState = 1;
    onmessage: ((e: { data: unknown }) => void) | undefined;
    onclose: (() => void) | undefined;
    constructor() {
      sockets.push(this);
    }
    close() {}
  }
  Object.assign(FakeSocket, { OPEN: 1 });
  let end = 0;
  const buffered = {
    get length() {
      return end > 0 ? 1 : 0;
    },
    start: () => 0,
    end: () => end,
  };
  const sb = {
    mode: '',
    updating: false,
    onUpdateEnd: () => {},
    addEventListener(_: string, cb: () => void) {
      this.onUpdateEnd = cb;
    },
    appendBuffer(data: Uint8Array) {
      this.updating = true;
      // The init segment (866 bytes) adds no time; each fragment (one byte here) 0.1 s.
      end += (data.byteLength % 866) * 0.1;
    },
    /** The browser finishes the append. */
    finish() {
      this.updating = false;
      this.onUpdateEnd();
    },
  };
  let sourceOpen = () => {};
  class FakeMediaSource {
    readyState = 'open';
    static isTypeSupported = () => true;
    addEventListener(_: string, cb: () => void) {
      sourceOpen = cb;
    }
    addSourceBuffer() {
      return sb;
    }
    endOfStream() {}
  }
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('MediaSource', FakeMediaSource);
  vi.stubGlobal('URL', { createObjectURL: () => 'blob:live', revokeObjectURL: () => {} });
  const seeks: number[] = [];
  const video = {
    buffered,
    readyState: 0,
    paused: true,
    seeking: false,
    playbackRate: 1,
    src: '',
    disableRemotePlayback: false,
    get currentTime() {
      return seeks.at(-1) ?? 0;
    },
    set currentTime(t: number) {
      seeks.push(t);
      // A seek decodes from the keyframe before the wanted frame: it is still under way when more fragments come.
      this.readyState = 1;
      this.seeking = true;
    },
    play: () => Promise.resolve(),
    requestVideoFrameCallback: () => 0,
    addEventListener() {},
    removeAttribute() {},
    load() {},
  };
  const player = new MseLivePlayer(video as unknown as HTMLVideoElement, () => 'ws://x/live', {
    onPhase: () => {},
  });
  player.start();
  const ws = sockets[0] as FakeSocket;
  return {
    player,
    seeks,
    /**
     * The server's answer: the init message, the init segment and `before` fragments before the media source
     * opens, `during` more while that first append runs, then `after` fragments one after another.
     */
    receive(before: number, during: number, after: number) {
      const fragment = () => ws.onmessage?.({ data: new ArrayBuffer(1) });
      ws.onmessage?.({ data: JSON.stringify({ type: 'init', mimeType: 'video/mp4; codecs="avc1.64001f"' }) });
      ws.onmessage?.({ data: new ArrayBuffer(866) });
      for (let i = 0; i < before; i++) fragment();
      sourceOpen();
      for (let i = 0; i < during; i++) fragment();
      sb.finish();
      if (sb.updating) sb.finish();
      for (let i = 0; i < after; i++) {
        fragment();
        sb.finish();
      }
    },
  };
}

describe('MSE live player', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('seeks to the live edge once, not again for each fragment that arrives while that seek decodes', () => {
    const r = rig();
    r.receive(1, 0, 12);
    r.player.stop();
    // One seek, to the newest frame of the first data (init + first fragment: 0.1 s, 40 ms behind).
    expect(r.seeks).toHaveLength(1);
    expect(r.seeks[0]).toBeCloseTo(0.06);
  });

  it('seeks once the whole burst is appended, to its newest frame', () => {
    const r = rig();
    // The prebuffer (3 s of a GOP) arrives while the page is busy: part of it after the first append began.
    r.receive(12, 18, 5);
    r.player.stop();
    expect(r.seeks).toHaveLength(1);
    expect(r.seeks[0]).toBeCloseTo(2.96);
  });
});
