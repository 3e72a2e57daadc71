import type { Uidd } from '@vigil/contracts';
import type { CameraMotionSettings } from './motion/sink.ts';

/** What the recorder needs to know about a camera; the server maps its cameras table to this. */
export interface RecorderCamera {
  uidd: Uidd;
  /** RTSP URLs, credentials included (the recorder redacts them from every log line). */
  streams: { main: string; sd?: string | undefined };
  /** Cloud storage duration: recorded segments older than this many days are deleted. */
  retentionDays: number;
  /** continuous: the main stream is recorded all the time; rom (record on motion): recorded, and only the video
   * around motion events is kept (decision 0552); off: streams run only while someone watches live. */
  recording: 'continuous' | 'rom' | 'off';
  /** Whether the camera's sound is taken (default true): off, every stream of the camera is read without its audio
   * track, so neither recordings nor live carry it (decision 0715). */
  audio?: boolean | undefined;
  /** The stream recorded: main (the default), or sd where there is one (the recording resolution, 0701). */
  recordStream?: 'main' | 'sd' | undefined;
  /** Motion detection settings; default sensitivity 5, no zones. Detection runs on recorded cameras when the
   * recorder has a motion sink. */
  motion?: CameraMotionSettings | undefined;
}

export type CameraChange = { type: 'upsert'; camera: RecorderCamera } | { type: 'remove'; uidd: Uidd };

/** Where the recorder's cameras come from: the full list at start, then changes as they happen. */
export interface CameraSource {
  list(): Promise<RecorderCamera[]>;
  /** Returns an unsubscribe function. */
  subscribe(listener: (change: CameraChange) => void): () => void;
}

/** A CameraSource held in memory: for tests, benchmarks and the embedded demo. */
export class InMemoryCameraSource implements CameraSource {
  private readonly cameras = new Map<Uidd, RecorderCamera>();
  private readonly listeners = new Set<(change: CameraChange) => void>();

  constructor(initial: RecorderCamera[] = []) {
    for (const c of initial) this.cameras.set(c.uidd, c);
  }

  async list(): Promise<RecorderCamera[]> {
    return [...this.cameras.values()];
  }

  subscribe(listener: (change: CameraChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  upsert(camera: RecorderCamera): void {
    this.cameras.set(camera.uidd, camera);
    for (const l of this.listeners) l({ type: 'upsert', camera });
  }

  remove(uidd: Uidd): void {
    this.cameras.delete(uidd);
    for (const l of this.listeners) l({ type: 'remove', uidd });
  }
}
