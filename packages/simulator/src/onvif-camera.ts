import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { EncoderSettings, EncoderStream } from './onvif-media.ts';
import { startOnvifServer } from './onvif-server.ts';
import { PtzModel } from './ptz-model.ts';

/** How often the picture follows a continuous move. */
const PTZ_VIEW_INTERVAL_MS = 100;

export interface OnvifCameraSetup {
  index: number;
  host: string;
  port: number;
  username: string;
  password: string;
  ptz: boolean;
  /** The camera's clock minus the real one (decision 0851). */
  clockSkewMs: number;
  /** Each stream's encoder as the camera starts. */
  encoders: Map<EncoderStream, EncoderSettings>;
  /** Restarts a stream with new encoder settings (a new loop encoded by ffmpeg, or a live encode's new caps). */
  restart(stream: EncoderStream, settings: EncoderSettings): Promise<void>;
  child: ChildProcess;
  log: (l: string) => void;
}

/**
 * A simulated camera's ONVIF service: its encoders (every ONVIF camera), and for PTZ cameras the position, which
 * tells the Python server where to crop while the camera moves.
 */
export class OnvifCamera {
  readonly model: PtzModel | undefined;
  #server: Server | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #s: OnvifCameraSetup;
  /** The restart under way, so two Sets in a row apply in order. */
  #restarting: Promise<void> = Promise.resolve();

  constructor(setup: OnvifCameraSetup) {
    this.#s = setup;
    this.model = setup.ptz ? new PtzModel() : undefined;
  }

  /** What a stream's encoder sends now (after its last restart began). */
  encoder(stream: EncoderStream): EncoderSettings | undefined {
    return this.#s.encoders.get(stream);
  }

  /** Resolves once every encoder restart asked so far has finished. */
  settled(): Promise<void> {
    return this.#restarting;
  }

  async listen(): Promise<void> {
    if (this.#server) return;
    const s = this.#s;
    this.#server = await startOnvifServer({
      host: s.host,
      port: s.port,
      username: s.username,
      password: s.password,
      clockSkewMs: s.clockSkewMs,
      model: this.model,
      changed: () => this.#follow(),
      encoders: {
        streams: [...s.encoders.keys()],
        get: (stream) => s.encoders.get(stream) as EncoderSettings,
        // The answer goes out at once; the stream restarts after it (a new loop may take seconds to encode), and
        // its clients are dropped then, as a camera's are when its encoder restarts.
        set: (stream, settings) => {
          s.encoders.set(stream, settings);
          this.#restarting = this.#restarting
            .then(() => s.restart(stream, settings))
            .catch((err: unknown) =>
              s.log(`[simulator] camera ${s.index} ${stream} restart failed: ${String(err)}`),
            );
        },
      },
    });
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Sends the position now, and again every PTZ_VIEW_INTERVAL_MS while the camera moves. */
  #follow(): void {
    const model = this.model;
    if (!model) return;
    const send = (): void => {
      const now = Date.now();
      const p = model.position(now);
      const line = { cmd: 'view', camera: this.#s.index, ...p };
      if (this.#s.child.stdin?.writable) this.#s.child.stdin.write(`${JSON.stringify(line)}\n`);
      if (!model.moving(now)) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
    send();
    if (model.moving(Date.now()) && !this.#timer) {
      this.#timer = setInterval(send, PTZ_VIEW_INTERVAL_MS);
      this.#timer.unref();
    }
    this.#s.log(`[simulator] camera ${this.#s.index} PTZ ${JSON.stringify(model.position(Date.now()))}`);
  }
}
