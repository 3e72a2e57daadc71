import type { LivePhase, LivePlayerEvents } from './mse-player.ts';

/** No picture advance for this long: the camera is silent (or the stream paused). */
const STALL_MS = 8_000;
/**
 * The picture stopped for this long (or the first one did not come in FIRST_FRAME_WAIT_MS): load the playlist
 * again. Chromium's native live player now and then stops without an error (decision 0460).
 */
const RESTART_AFTER_MS = 3_000;
const FIRST_FRAME_WAIT_MS = 15_000;
/** Retry delays after a failed load: 0.5 s doubling to 10 s. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/** Whether this browser's <video> plays HLS itself (Safari, iOS; recent Chromium). */
export function nativeHlsSupported(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Which live playlist suits the native player (docs/decisions/0460): Safari's player speaks low-latency HLS
 * (parts, blocking reload); Chromium's does not, but reads segments as they arrive, so it gets the progressive
 * playlist. `navigator.userAgentData` exists only in Chromium-based browsers.
 */
export function hlsDelivery(nav: Navigator = navigator): 'll' | 'progressive' {
  const brands = (nav as Navigator & { userAgentData?: { brands?: Array<{ brand: string }> } }).userAgentData
    ?.brands;
  return brands?.some((b) => b.brand === 'Chromium') ? 'progressive' : 'll';
}

/**
 * Live over the browser's own HLS player, where Media Source Extensions are missing (docs/decisions/0460):
 * `video.src` is the camera stream's live playlist. The player keeps its own distance from the live edge (the
 * server's hold-back, or one segment in Chromium); the playback rate is never touched (Chromium's native live
 * player fails on any rate but 1). A failed load is retried with a fresh URL (the token may have been refreshed);
 * a refusal (signed out, access revoked, camera gone) ends it.
 */
export class NativeHlsLivePlayer {
  readonly #video: HTMLVideoElement;
  readonly #url: () => string;
  readonly #events: LivePlayerEvents;
  #phase: LivePhase | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #retryMs = RETRY_FIRST_MS;
  #lastTime = -1;
  #lastMoveAt = 0;
  #firstFrameSeen = false;
  #stopped = false;
  readonly #onError = () => void this.#failed();

  constructor(video: HTMLVideoElement, url: () => string, events: LivePlayerEvents) {
    this.#video = video;
    this.#url = url;
    this.#events = events;
  }

  start(): void {
    this.#stopped = false;
    this.#video.addEventListener('error', this.#onError);
    this.#load();
    this.#timer = setInterval(() => this.#tick(), 250);
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    this.#video.removeEventListener('error', this.#onError);
    this.#video.removeAttribute('src');
    this.#video.load();
  }

  /** Loads the playlist again now, at the address the url function gives now (the camera moved: decision 0616). */
  reconnect(): void {
    if (this.#stopped) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#retryMs = RETRY_FIRST_MS;
    this.#load();
  }

  #load(phase: LivePhase = 'connecting'): void {
    this.#setPhase(phase);
    this.#firstFrameSeen = false;
    this.#lastMoveAt = performance.now();
    const v = this.#video as HTMLVideoElement & {
      requestVideoFrameCallback?: (cb: (now: number) => void) => number;
    };
    v.src = this.#url();
    const seen = (): void => {
      if (this.#firstFrameSeen || this.#stopped) return;
      this.#firstFrameSeen = true;
      this.#retryMs = RETRY_FIRST_MS;
      this.#events.onFirstFrame?.(performance.timeOrigin + performance.now());
      this.#setPhase('playing');
    };
    if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(() => seen());
    else v.addEventListener('playing', seen, { once: true });
    void v.play().catch(() => {});
  }

  async #failed(): Promise<void> {
    if (this.#stopped || this.#retry) return;
    // The media error does not say why: ask the playlist itself whether this viewer is refused.
    const status = await fetch(this.#url(), { cache: 'no-store' }).then(
      (r) => r.status,
      () => 0,
    );
    if (this.#stopped) return;
    if ([401, 403, 404, 409].includes(status)) return this.#setPhase('ended');
    this.#setPhase('connecting');
    this.#events.onRetry?.();
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (!this.#stopped) this.#load();
    }, delay);
  }

  #tick(): void {
    const v = this.#video;
    const now = performance.now();
    if (v.currentTime !== this.#lastTime) {
      this.#lastTime = v.currentTime;
      this.#lastMoveAt = now;
      if (this.#phase === 'stalled' && this.#firstFrameSeen) this.#setPhase('playing');
    } else if (!this.#retry) {
      const still = now - this.#lastMoveAt;
      if (still > STALL_MS) this.#setPhase('stalled');
      if (still > (this.#firstFrameSeen ? RESTART_AFTER_MS : FIRST_FRAME_WAIT_MS) && !document.hidden) {
        this.#load(this.#phase === 'stalled' ? 'stalled' : 'connecting');
        return;
      }
    }
    if (v.paused && this.#firstFrameSeen) void v.play().catch(() => {});
  }

  #setPhase(p: LivePhase): void {
    if (this.#phase === p) return;
    this.#phase = p;
    this.#events.onPhase(p);
  }
}
