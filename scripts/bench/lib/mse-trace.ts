/**
 * Where a seek's time goes, seen from the page (BENCH_TRACE=1): the player's requests (open, headers, end, byte
 * ranges), its Media Source appends and removals (flushes) with the buffered ranges after each, timestamp
 * offsets, currentTime writes and the video element's events. Installed with page.addInitScript(mseTrace), before
 * the web app loads; read with `traceSince`. Nothing of the web app is changed for it.
 */
export function mseTrace(): void {
  const log: Array<[number, string]> = [];
  (window as unknown as { __mseLog: typeof log }).__mseLog = log;
  const at = (s: string) => log.push([performance.now(), s]);
  const ranges = (b: TimeRanges) =>
    Array.from({ length: b.length }, (_, i) => `${b.start(i).toFixed(2)}-${b.end(i).toFixed(2)}`).join(' ');
  // The originals, called with the patched object as `this` (Reflect: they are taken off their objects on purpose).
  type Fn = (this: unknown, ...args: never[]) => unknown;
  const original = (o: object, k: string) => Reflect.get(o, k) as Fn;
  const SB = SourceBuffer.prototype;
  const append = original(SB, 'appendBuffer');
  const seen = new WeakSet<SourceBuffer>();
  SB.appendBuffer = function (this: SourceBuffer, d: BufferSource) {
    at(`append ${Math.round(d.byteLength / 1024)} KiB`);
    if (!seen.has(this)) {
      seen.add(this);
      this.addEventListener('updateend', () => at(`updateend [${ranges(this.buffered)}]`));
    }
    append.call(this, d as never);
  };
  const remove = original(SB, 'remove');
  SB.remove = function (this: SourceBuffer, a: number, b: number) {
    at(`remove ${a.toFixed(2)}-${b === Infinity ? 'end' : b.toFixed(2)}`);
    remove.call(this, a as never, b as never);
  };
  const offset = Object.getOwnPropertyDescriptor(SB, 'timestampOffset');
  if (offset) {
    const get = original(offset, 'get');
    const set = original(offset, 'set');
    Object.defineProperty(SB, 'timestampOffset', {
      get(this: SourceBuffer) {
        return get.call(this);
      },
      set(this: SourceBuffer, v: number) {
        at(`timestampOffset ${v.toFixed(3)}`);
        set.call(this, v as never);
      },
    });
  }
  const time = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentTime');
  if (time) {
    const get = original(time, 'get');
    const set = original(time, 'set');
    Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
      get(this: HTMLMediaElement) {
        return get.call(this);
      },
      set(this: HTMLMediaElement, v: number) {
        at(`currentTime = ${v.toFixed(3)}`);
        set.call(this, v as never);
      },
    });
  }
  for (const ev of ['seeking', 'seeked', 'waiting', 'playing', 'canplay'])
    document.addEventListener(
      ev,
      (e) => {
        if (e.target instanceof HTMLVideoElement) at(`${ev} at ${e.target.currentTime.toFixed(2)}`);
      },
      true,
    );
  const open = original(XMLHttpRequest.prototype, 'open');
  const header = original(XMLHttpRequest.prototype, 'setRequestHeader');
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    const name = String(args[1]).split('/').pop()?.slice(0, 24) ?? '';
    at(`get ${name}`);
    this.addEventListener('readystatechange', () => {
      if (this.readyState === 2) at(`  headers ${name}`);
    });
    this.addEventListener('loadend', () =>
      at(`  loaded ${name} ${Math.round(((this.response as ArrayBuffer)?.byteLength ?? 0) / 1024)} KiB`),
    );
    open.apply(this, args as never[]);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (this: XMLHttpRequest, k: string, v: string) {
    if (k.toLowerCase() === 'range') at(`  range ${v}`);
    header.call(this, k as never, v as never);
  };
}

/** The trace since `t0` (performance.now() in the page), one line per entry, times relative to it. */
export function traceSince(t0: number): string[] {
  const log = (window as unknown as { __mseLog?: Array<[number, string]> }).__mseLog ?? [];
  return log.filter(([t]) => t >= t0 - 1).map(([t, s]) => `${String(Math.round(t - t0)).padStart(5)} ${s}`);
}
