/**
 * Where a live start's time goes, seen from the page (BENCH_TRACE=1 in live-ttff): the livecommand request and its
 * answer, the live WebSocket (open, each message: the init text, each fragment's size, keyframe flag and decode
 * time), the Media Source appends with the buffered ranges after each, currentTime writes, play() and the video
 * element's events. Installed with page.addInitScript(liveTrace) before the web app loads; read with
 * `liveTraceLines`. Nothing of the web app is changed for it.
 */
export function liveTrace(): void {
  const log: Array<[number, string]> = [];
  (window as unknown as { __liveLog: typeof log }).__liveLog = log;
  const at = (s: string) => log.push([performance.now(), s]);
  const ranges = (b: TimeRanges) =>
    Array.from({ length: b.length }, (_, i) => `${b.start(i).toFixed(2)}-${b.end(i).toFixed(2)}`).join(' ');
  type Fn = (this: unknown, ...args: never[]) => unknown;
  const original = (o: object, k: string) => Reflect.get(o, k) as Fn;

  /** moof → traf → tfdt (decode time) and trun (first sample's flags: not a sync sample = bit 16). */
  const describe = (buf: ArrayBuffer): string => {
    const v = new DataView(buf);
    const type = (o: number) =>
      String.fromCharCode(v.getUint8(o + 4), v.getUint8(o + 5), v.getUint8(o + 6), v.getUint8(o + 7));
    const parts: string[] = [];
    const walk = (start: number, end: number, depth: number): void => {
      for (let o = start; o + 8 <= end; ) {
        const size = v.getUint32(o);
        const t = type(o);
        if (size < 8) return;
        if (depth === 0 && t !== 'moof') parts.push(t);
        if (t === 'moof' || t === 'traf') walk(o + 8, Math.min(end, o + size), depth + 1);
        else if (t === 'tfdt') {
          const ver = v.getUint8(o + 8);
          const dt = ver === 1 ? Number(v.getBigUint64(o + 12)) : v.getUint32(o + 12);
          parts.push(`dt=${dt}`);
        } else if (t === 'trun') {
          const flags = v.getUint32(o + 8) & 0xffffff;
          const n = v.getUint32(o + 12);
          let p = o + 16;
          if (flags & 1) p += 4;
          let first: number | undefined;
          if (flags & 4) first = v.getUint32(p);
          else if (n > 0 && flags & 0x400) {
            p += flags & 0x100 ? 4 : 0;
            p += flags & 0x200 ? 4 : 0;
            first = v.getUint32(p);
          }
          parts.push(`n=${n}${first === undefined ? '' : (first & 0x10000) === 0 ? ' KEY' : ' delta'}`);
        } else if (t === 'tfhd') {
          const flags = v.getUint32(o + 8) & 0xffffff;
          if (flags & 0x20) {
            let p = o + 16;
            if (flags & 1) p += 8;
            if (flags & 2) p += 4;
            if (flags & 8) p += 4;
            if (flags & 0x10) p += 4;
            parts.push(`def=${(v.getUint32(p) & 0x10000) === 0 ? 'key' : 'delta'}`);
          }
        }
        o += size;
      }
    };
    try {
      walk(0, buf.byteLength, 0);
    } catch {
      parts.push('?');
    }
    return parts.join(' ');
  };

  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      at(`ws new ${String(url).split('?')[0]?.split('/').slice(-3).join('/')}`);
      this.addEventListener('open', () => at('ws open'));
      this.addEventListener('close', (e) => at(`ws close ${e.code}`));
      let n = 0;
      this.addEventListener('message', (e) => {
        n++;
        if (typeof e.data === 'string') at(`ws #${n} text ${e.data.slice(0, 60)}`);
        else if (n <= 40)
          at(`ws #${n} ${(e.data as ArrayBuffer).byteLength} B ${describe(e.data as ArrayBuffer)}`);
      });
    }
  } as typeof WebSocket;

  const fetchOriginal = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const name = url
      .replace(/token=[^&]*/, 'token=…')
      .split('/')
      .slice(3)
      .join('/')
      .slice(0, 80);
    const body = typeof init?.body === 'string' ? init.body.slice(0, 60) : '';
    at(`fetch ${name} ${body}`);
    const res = await fetchOriginal.call(window, input, init);
    at(`  answered ${name} ${res.status}`);
    return res;
  };

  const SB = SourceBuffer.prototype;
  const append = original(SB, 'appendBuffer');
  const seen = new WeakSet<SourceBuffer>();
  SB.appendBuffer = function (this: SourceBuffer, d: BufferSource) {
    at(`append ${d.byteLength} B`);
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('updateend', () => at(`updateend [${ranges(this.buffered)}]`));
    }
    append.call(this, d as never);
  };
  const time = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime');
  if (time) {
    const get = original(time, 'get');
    const set = original(time, 'set');
    Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
      get(this: HTMLMediaElement) {
        return get.call(this);
      },
      set(this: HTMLMediaElement, v: number) {
        at(`currentTime = ${v.toFixed(3)} (readyState ${this.readyState})`);
        set.call(this, v as never);
      },
    });
  }
  const play = original(HTMLMediaElement.prototype, 'play');
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    at(`play() paused=${this.paused} readyState ${this.readyState}`);
    return play.call(this) as Promise<void>;
  };
  for (const ev of [
    'loadedmetadata',
    'loadeddata',
    'seeking',
    'seeked',
    'waiting',
    'playing',
    'canplay',
    'stalled',
  ])
    document.addEventListener(
      ev,
      (e) => {
        if (e.target instanceof HTMLVideoElement)
          at(
            `${ev} at ${e.target.currentTime.toFixed(3)} rs=${e.target.readyState} [${ranges(e.target.buffered)}]`,
          );
      },
      true,
    );
  const rvfc = () => {
    const v = document.querySelector('video');
    if (v) {
      v.requestVideoFrameCallback((_now, m) => {
        at(`frame shown mediaTime ${m.mediaTime.toFixed(3)}`);
      });
      return;
    }
    requestAnimationFrame(rvfc);
  };
  requestAnimationFrame(rvfc);
}

/** The trace relative to the `vigil:livecommand` mark, one line per entry. */
export function liveTraceLines(uidd: string): string[] {
  const log = (window as unknown as { __liveLog?: Array<[number, string]> }).__liveLog ?? [];
  const t0 = performance.getEntriesByName(`vigil:livecommand:${uidd}`)[0]?.startTime ?? 0;
  return log.map(([t, s]) => `${String(Math.round(t - t0)).padStart(6)} ${s}`);
}
