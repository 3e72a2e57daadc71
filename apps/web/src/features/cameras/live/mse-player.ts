import { LIVE_CLOSE, LiveServerMessage, type LiveVideo } from '@vigil/contracts';

/** What a live player is doing, as the badge and the benchmarks see it. */
export type LivePhase =
  /** Connecting, or waiting for the first frame. */
  | 'connecting'
  | 'playing'
  /** Connected, but no video arrives (camera silent). */
  | 'stalled'
  /** The browser cannot decode this stream (e.g. H.265 without a decoder). */
  | 'unsupported'
  /** The server ended the stream for good (signed out, access revoked, camera removed). */
  | 'ended'
  /** Neither Media Source Extensions nor a native HLS player: no live in this browser (the still stays). */
  | 'noMse';

export interface LivePlayerEvents {
  onPhase(phase: LivePhase): void;
  /** What plays: the camera's own video, or its H.264 conversion for this browser (decision 0461). */
  onVideo?(video: 'original' | 'converted'): void;
  /** The first picture is on screen (epoch ms from performance.timeOrigin). */
  onFirstFrame?(atMs: number): void;
  /**
   * The stream dropped and a reconnect is scheduled: the camera may have moved to another recorder, so the address
   * is worth asking for again before the retry (decision 0616).
   */
  onRetry?(): void;
}

/**
 * Stay this close to the newest frame: latency is the point of live. Playing right at the buffered end means an
 * occasional wait for the next fragment (the picture holds a frame longer), which costs less than a standing lag.
 */
const TARGET_LAG_SEC = 0.04;
/** Behind by more than this: play slightly faster to catch up. */
const CATCH_UP_LAG_SEC = 0.15;
/** Behind by more than this (a tab in the background, a hiccup): jump to the live edge. */
const JUMP_LAG_SEC = 1.5;
const CATCH_UP_RATE = 1.1;
/** Keep this much played video in the buffer; older is removed. */
const KEEP_BEHIND_SEC = 10;
/** No new fragment for this long: the camera is silent. */
const STALL_MS = 8_000;
/** Reconnect delays after an unexpected close: 0.5 s doubling to 10 s. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

type MediaSourceCtor = typeof MediaSource;

/** MediaSource, or Safari's ManagedMediaSource (iOS 17.1+), or nothing. */
export function mediaSourceCtor(): MediaSourceCtor | undefined {
  const w = globalThis as unknown as { ManagedMediaSource?: MediaSourceCtor; MediaSource?: MediaSourceCtor };
  return w.MediaSource ?? w.ManagedMediaSource;
}

/** H.265 in MP4 (hvc1, or hev1 with parameter sets in band). */
const isHevc = (mimeType: string): boolean => /codecs="?(hvc1|hev1)\./.test(mimeType);

/**
 * Which video to ask for (decision 0461): the camera's own, unless it is H.265 and this browser cannot play it in
 * MSE, then its H.264 conversion. `mimeType`: what livecommand answered (null when the stream is not known yet).
 */
export function liveVideoFor(
  mimeType: string | null | undefined,
  ctor: Pick<MediaSourceCtor, 'isTypeSupported'> | undefined = mediaSourceCtor(),
): LiveVideo {
  return mimeType && isHevc(mimeType) && ctor && !ctor.isTypeSupported(mimeType) ? 'h264' : 'original';
}

/**
 * Live fMP4 over WebSocket into Media Source Extensions (docs/decisions/0450). The server sends the init
 * segment and the fragments since the last keyframe at once: the player appends them, jumps to the newest
 * frame, and from then on keeps within a fraction of a second of the live edge (slightly faster playback, or a
 * jump when far behind). A new init (the camera restarted) rebuilds the media source. An H.265 stream the browser
 * cannot decode is asked for again as H.264 (`video=h264`, converted by the server while watched: 0461).
 */
export class MseLivePlayer {
  readonly #video: HTMLVideoElement;
  readonly #url: (video: LiveVideo) => string;
  #want: LiveVideo;
  readonly #events: LivePlayerEvents;
  #ws: WebSocket | undefined;
  #ms: MediaSource | undefined;
  #sb: SourceBuffer | undefined;
  #objectUrl: string | undefined;
  #queue: ArrayBuffer[] = [];
  #mime: string | undefined;
  #expectInit = false;
  #phase: LivePhase | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #retryMs = RETRY_FIRST_MS;
  #lastDataAt = 0;
  #firstFrameSeen = false;
  /** The first data's seek to the live edge was made (once per media source). */
  #edgeSought = false;
  #stopped = false;

  /** `url`: the socket's address for the video wanted; `initial`: what to ask for first (see liveVideoFor). */
  constructor(
    video: HTMLVideoElement,
    url: (video: LiveVideo) => string,
    events: LivePlayerEvents,
    initial: LiveVideo = 'original',
  ) {
    this.#video = video;
    this.#url = url;
    this.#events = events;
    this.#want = initial;
  }

  start(): void {
    if (!mediaSourceCtor()) {
      this.#setPhase('noMse');
      return;
    }
    this.#stopped = false;
    this.#connect();
    this.#timer = setInterval(() => this.#tick(), 250);
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    this.#closeSocket();
    this.#teardown();
  }

  /** Opens the stream again now, at the address the url function gives now (the camera moved: decision 0616). */
  reconnect(): void {
    if (this.#stopped) return;
    clearTimeout(this.#retry);
    this.#retryMs = RETRY_FIRST_MS;
    this.#restart();
  }

  #connect(): void {
    this.#setPhase('connecting');
    const ws = new WebSocket(this.#url(this.#want));
    ws.binaryType = 'arraybuffer';
    this.#ws = ws;
    this.#lastDataAt = performance.now();
    ws.onmessage = (e: MessageEvent) => {
      if (ws !== this.#ws) return;
      if (typeof e.data === 'string') return this.#onText(e.data);
      this.#lastDataAt = performance.now();
      this.#onBinary(e.data as ArrayBuffer);
    };
    ws.onclose = (e: CloseEvent) => {
      if (ws !== this.#ws || this.#stopped) return;
      this.#ws = undefined;
      if (e.code === LIVE_CLOSE.sessionEnded || e.code === LIVE_CLOSE.accessEnded)
        return this.#setPhase('ended');
      // Too slow: start again from the newest keyframe at once; anything else: retry with a growing delay.
      const delay = e.code === LIVE_CLOSE.tooSlow ? 0 : this.#retryMs;
      this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
      this.#setPhase('connecting');
      this.#events.onRetry?.();
      this.#retry = setTimeout(() => this.#connect(), delay);
    };
  }

  #onText(text: string): void {
    const parsed = LiveServerMessage.safeParse(JSON.parse(text));
    if (!parsed.success) return;
    const { mimeType, converted } = parsed.data;
    const Ctor = mediaSourceCtor();
    if (!Ctor?.isTypeSupported(mimeType)) {
      // H.265 this browser cannot decode: ask for the H.264 conversion instead, once.
      if (this.#want === 'original' && isHevc(mimeType)) {
        this.#want = 'h264';
        this.#restart();
        return;
      }
      this.#setPhase('unsupported');
      this.#closeSocket();
      return;
    }
    this.#events.onVideo?.(converted ? 'converted' : 'original');
    // A new init: a fresh media source (timestamps start over when the camera's stream restarts).
    this.#teardown();
    this.#mime = mimeType;
    this.#expectInit = true;
    const ms = new Ctor();
    this.#ms = ms;
    this.#objectUrl = URL.createObjectURL(ms);
    // Safari's ManagedMediaSource plays only with remote playback off.
    this.#video.disableRemotePlayback = true;
    this.#video.src = this.#objectUrl;
    ms.addEventListener('sourceopen', () => {
      if (ms !== this.#ms || !this.#mime) return;
      const sb = ms.addSourceBuffer(this.#mime);
      sb.mode = 'segments';
      sb.addEventListener('updateend', () => this.#afterAppend());
      this.#sb = sb;
      this.#pump();
    });
  }

  #onBinary(data: ArrayBuffer): void {
    if (!this.#mime) return;
    if (this.#expectInit) this.#expectInit = false;
    this.#queue.push(data);
    this.#pump();
  }

  #pump(): void {
    const sb = this.#sb;
    if (!sb || sb.updating || this.#queue.length === 0) return;
    // Appending in one go what arrived while the buffer was busy (the prebuffer arrives as one burst).
    const parts = this.#queue;
    this.#queue = [];
    const size = parts.reduce((n, p) => n + p.byteLength, 0);
    const all = new Uint8Array(size);
    let off = 0;
    for (const p of parts) {
      all.set(new Uint8Array(p), off);
      off += p.byteLength;
    }
    try {
      sb.appendBuffer(all);
    } catch {
      // QuotaExceeded or a closed source: start again from the next keyframe.
      this.#restart();
    }
  }

  #afterAppend(): void {
    const v = this.#video;
    const end = liveEdge(v);
    if (end !== undefined && !this.#edgeSought && this.#queue.length === 0) {
      // First data: show the newest frame (decoding from the keyframe), not the keyframe seconds ago; when what
      // came during this append (the rest of the prebuffer's burst) is appended too. Once: each seek decodes again
      // from the keyframe, so seeking anew for every fragment that arrives meanwhile kept starting over late in a
      // GOP, and the first frame waited for the next keyframe (decision 0213). What arrives during the seek is
      // caught up by playing slightly faster (#tick).
      this.#edgeSought = true;
      v.currentTime = Math.max(0, end - TARGET_LAG_SEC);
      this.#watchFirstFrame();
      void v.play().catch(() => {});
    }
    this.#pump();
  }

  #watchFirstFrame(): void {
    const v = this.#video as HTMLVideoElement & {
      requestVideoFrameCallback?: (cb: (now: number) => void) => number;
    };
    const seen = (): void => {
      if (this.#firstFrameSeen) return;
      this.#firstFrameSeen = true;
      this.#retryMs = RETRY_FIRST_MS;
      this.#events.onFirstFrame?.(performance.timeOrigin + performance.now());
      this.#setPhase('playing');
    };
    if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(() => seen());
    else v.addEventListener('playing', seen, { once: true });
  }

  #tick(): void {
    const v = this.#video;
    const end = liveEdge(v);
    if (this.#ws && performance.now() - this.#lastDataAt > STALL_MS && this.#phase !== 'unsupported')
      this.#setPhase('stalled');
    else if (this.#phase === 'stalled' && this.#firstFrameSeen) this.#setPhase('playing');
    if (end === undefined || !this.#firstFrameSeen) return;
    const lag = end - v.currentTime;
    if (lag > JUMP_LAG_SEC) v.currentTime = end - TARGET_LAG_SEC;
    else if (lag > CATCH_UP_LAG_SEC) v.playbackRate = CATCH_UP_RATE;
    else if (lag <= TARGET_LAG_SEC) v.playbackRate = 1;
    if (v.paused) void v.play().catch(() => {});
    const sb = this.#sb;
    const start = v.buffered.length > 0 ? v.buffered.start(0) : undefined;
    if (sb && !sb.updating && start !== undefined && v.currentTime - start > KEEP_BEHIND_SEC * 2) {
      try {
        sb.remove(start, v.currentTime - KEEP_BEHIND_SEC);
      } catch {
        /* the next tick tries again */
      }
    }
  }

  #restart(): void {
    this.#closeSocket();
    this.#teardown();
    if (!this.#stopped) this.#connect();
  }

  #closeSocket(): void {
    const ws = this.#ws;
    this.#ws = undefined;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close();
  }

  #teardown(): void {
    this.#queue = [];
    this.#sb = undefined;
    this.#mime = undefined;
    this.#firstFrameSeen = false;
    this.#edgeSought = false;
    if (this.#ms?.readyState === 'open') {
      try {
        this.#ms.endOfStream();
      } catch {
        /* already ending */
      }
    }
    this.#ms = undefined;
    if (this.#objectUrl) {
      URL.revokeObjectURL(this.#objectUrl);
      this.#objectUrl = undefined;
      this.#video.removeAttribute('src');
      this.#video.load();
    }
  }

  #setPhase(p: LivePhase): void {
    if (this.#phase === p) return;
    this.#phase = p;
    this.#events.onPhase(p);
  }
}

/** The end of the buffered range being played (the newest frame), in media seconds. */
function liveEdge(v: HTMLVideoElement): number | undefined {
  const n = v.buffered.length;
  return n > 0 ? v.buffered.end(n - 1) : undefined;
}
