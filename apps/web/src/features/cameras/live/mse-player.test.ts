import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveVideoFor, MseLivePlayer } from './mse-player.ts';

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
    // As Debian's Chromium: no H.265 in MSE.
    static isTypeSupported = (mime: string) => !/hvc1|hev1/.test(mime);
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
  const urls: string[] = [];
  const phases: string[] = [];
  const videos: string[] = [];
  const retries: (string | undefined)[] = [];
  const player = new MseLivePlayer(
    video as unknown as HTMLVideoElement,
    (v) => {
      urls.push(`ws://x/live?video=${v}`);
      return urls.at(-1) as string;
    },
    {
      onPhase: (p) => phases.push(p),
      onVideo: (v) => videos.push(v),
      onRetry: () => retries.push(phases.at(-1)),
    },
  );
  player.start();
  const ws = sockets[0] as FakeSocket;
  return {
    player,
    seeks,
    sockets,
    urls,
    phases,
    videos,
    retries,
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

  it('asks for the H.264 conversion when the camera’s H.265 cannot be played, and says so', () => {
    const r = rig();
    const hevc = 'video/mp4; codecs="hev1.1.6.L93.90"';
    r.sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'init', mimeType: hevc }) });
    // A second socket, for the conversion; no "unsupported" on the way.
    expect(r.urls).toEqual(['ws://x/live?video=original', 'ws://x/live?video=h264']);
    const avc = 'video/mp4; codecs="avc1.42c01e"';
    r.sockets[1]?.onmessage?.({ data: JSON.stringify({ type: 'init', mimeType: avc, converted: true }) });
    expect(r.videos).toEqual(['converted']);
    expect(r.phases).not.toContain('unsupported');
    r.player.stop();
  });

  it('plays an H.264 camera as it is, and asks for the conversion only once', () => {
    const r = rig();
    r.sockets[0]?.onmessage?.({
      data: JSON.stringify({ type: 'init', mimeType: 'video/mp4; codecs="avc1.64001f"' }),
    });
    expect(r.videos).toEqual(['original']);
    // The camera restarts as H.265; the conversion is asked for, and if H.265 still comes, that is the end.
    const hevc = JSON.stringify({ type: 'init', mimeType: 'video/mp4; codecs="hvc1.1.6.L93.90"' });
    r.sockets[0]?.onmessage?.({ data: hevc });
    r.sockets[1]?.onmessage?.({ data: hevc });
    expect(r.urls).toEqual(['ws://x/live?video=original', 'ws://x/live?video=h264']);
    expect(r.phases.at(-1)).toBe('unsupported');
    r.player.stop();
  });
});

describe('MSE live player when the camera moves (decision 0616)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says a dropped stream will be retried, and reconnect() opens the address the url function gives now', () => {
    const r = rig();
    r.receive(1, 0, 2);
    // The recorder went away: the player says so before its retry, so the address can be asked for again.
    (r.sockets[0] as unknown as { onclose: (e: { code: number }) => void }).onclose({ code: 1006 });
    expect(r.retries).toEqual(['connecting']);
    expect(r.sockets).toHaveLength(1);
    // The new address came: at once, not after the retry's delay.
    r.player.reconnect();
    expect(r.sockets).toHaveLength(2);
    expect(r.urls).toHaveLength(2);
    r.player.stop();
    r.player.reconnect();
    expect(r.sockets).toHaveLength(2);
  });
});

describe('liveVideoFor', () => {
  const noHevc = { isTypeSupported: (m: string) => !/hvc1|hev1/.test(m) };
  const all = { isTypeSupported: () => true };
  it('asks for H.264 only for H.265 the browser cannot play', () => {
    expect(liveVideoFor('video/mp4; codecs="hvc1.1.6.L120.90"', noHevc)).toBe('h264');
    expect(liveVideoFor('video/mp4; codecs="hev1.1.6.L93.90,mp4a.40.2"', noHevc)).toBe('h264');
    expect(liveVideoFor('video/mp4; codecs="hvc1.1.6.L120.90"', all)).toBe('original');
    expect(liveVideoFor('video/mp4; codecs="avc1.64001f"', noHevc)).toBe('original');
    expect(liveVideoFor(null, noHevc)).toBe('original');
  });
});
