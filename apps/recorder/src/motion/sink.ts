import type { EpochMs, MotionZone, Uidd } from '@vigil/contracts';

/** A camera's motion settings as the recorder applies them (spec 001 §5; the cameras table holds them). */
export interface CameraMotionSettings {
  /** 1..10. */
  sensitivity: number;
  /** Polygons in 0..1 picture coordinates; none: the whole picture. */
  zones: readonly Pick<MotionZone, 'points'>[];
}

export interface MotionPictures {
  /** 320 px wide JPEG. */
  thumb: Buffer;
  /** Full-size JPEG of the main stream. */
  still: Buffer;
  /** When the picture was taken. */
  atMs: EpochMs;
}

export interface MotionEventStarted {
  uidd: Uidd;
  startMs: EpochMs;
  /** 0..10 so far (the motion score of spec 001 §3; '0a' when served as 10). */
  score: number;
  /** Recorded on motion: the camera keeps only the video around events. */
  rom: boolean;
  /** The picture that started it, when one could be made. */
  pictures: MotionPictures | null;
}

export interface MotionEventEnded {
  uidd: Uidd;
  startMs: EpochMs;
  endMs: EpochMs;
  score: number;
  rom: boolean;
  /** The picture at the peak when it is not the start's; null keeps the start's. */
  pictures: MotionPictures | null;
}

/**
 * Where motion events go (decision 0553). The server's implementation stores them in the events table, keeps the
 * JPEGs, and publishes an alert on the realtime stream; tests collect them. Calls for one event come in order;
 * a failing `started` drops the event's `ended`.
 */
export interface MotionSink {
  /** A new event: resolves with its id. */
  started(e: MotionEventStarted): Promise<string>;
  ended(id: string, e: MotionEventEnded): Promise<void>;
  /**
   * Before a recorder starts these cameras: events it left open when it stopped (a crash, a kill) will never get
   * their `ended`, and are no longer ongoing. `lastFootage`: where each camera's footage ended (a fleet recorder
   * taking a dead one's cameras), the end to give them.
   */
  orphaned?(uidds: readonly Uidd[], lastFootage?: ReadonlyMap<Uidd, number>): Promise<void>;
}

/** What the recorder emits as 'motion' (for status, tests and benchmarks): no pictures. */
export type MotionNotice =
  | {
      phase: 'start';
      uidd: Uidd;
      id: string | undefined;
      startMs: EpochMs;
      detectedAtMs: EpochMs;
      score: number;
    }
  | { phase: 'end'; uidd: Uidd; id: string | undefined; startMs: EpochMs; endMs: EpochMs; score: number };
