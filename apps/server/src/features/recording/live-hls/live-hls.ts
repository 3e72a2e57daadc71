import type { LiveStream, Uidd } from '@vigil/contracts';
import type { RecordingPort } from '../recording.ts';
import { LIVE_HLS_TIMING, LiveHlsPackager, type PackagerTiming } from './packager.ts';

/** A stream nobody has fetched from for this long is let go (its live viewer leaves, decision 0203's linger). */
const IDLE_MS = 30_000;

interface Entry {
  packager: LiveHlsPackager;
  opened: Promise<void>;
  stop: (() => void) | undefined;
  idle: NodeJS.Timeout | undefined;
}

export interface LiveHlsOptions {
  idleMs?: number;
  timing?: PackagerTiming;
}

/**
 * The live HLS packagers of the camera streams being watched over HLS: one per stream, fed by the recorder's live
 * fan-out like a WebSocket viewer (so live is kept running while it is fetched), dropped after IDLE_MS without
 * a request.
 */
export class LiveHls {
  readonly #media: RecordingPort;
  readonly #o: LiveHlsOptions;
  readonly #entries = new Map<string, Entry>();

  constructor(media: RecordingPort, options: LiveHlsOptions = {}) {
    this.#media = media;
    this.#o = options;
  }

  /** The stream's packager, subscribing to the recorder if nobody fetched it lately; keeps it for another IDLE_MS. */
  async open(uidd: Uidd, stream: LiveStream): Promise<LiveHlsPackager> {
    const key = `${uidd}/${stream}`;
    let e = this.#entries.get(key);
    if (!e) {
      const packager = new LiveHlsPackager(this.#o.timing ?? LIVE_HLS_TIMING);
      const entry: Entry = { packager, opened: Promise.resolve(), stop: undefined, idle: undefined };
      entry.opened = this.#media
        .watch(uidd, stream, (chunk) => {
          if (chunk.type === 'init') packager.setInit(chunk.data, chunk.mimeType);
          else packager.push(chunk);
        })
        .then((stop) => {
          if (this.#entries.get(key) === entry) entry.stop = stop;
          else stop();
        });
      entry.opened.catch(() => {
        if (this.#entries.get(key) === entry) this.#drop(key, entry);
      });
      this.#entries.set(key, entry);
      e = entry;
    }
    this.#touch(key, e);
    await e.opened;
    return e.packager;
  }

  /** The packager of a stream being fetched (file requests), or undefined once it was let go. */
  current(uidd: Uidd, stream: LiveStream): LiveHlsPackager | undefined {
    const key = `${uidd}/${stream}`;
    const e = this.#entries.get(key);
    if (e) this.#touch(key, e);
    return e?.packager;
  }

  closeAll(): void {
    for (const [key, e] of this.#entries) this.#drop(key, e);
  }

  #touch(key: string, e: Entry): void {
    clearTimeout(e.idle);
    e.idle = setTimeout(() => this.#drop(key, e), this.#o.idleMs ?? IDLE_MS);
    e.idle.unref();
  }

  #drop(key: string, e: Entry): void {
    clearTimeout(e.idle);
    this.#entries.delete(key);
    e.stop?.();
    e.packager.flush();
  }
}
