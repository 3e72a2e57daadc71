import type { PlateRead, Vehicle } from './plate-reader.ts';

/** What the plate reader's thread is started with. */
export interface PlatesWorkerData {
  ffmpegPath: string;
  nice: number;
}

export interface PlatesRequest {
  id: number;
  /** An event's pictures (JPEG), e.g. its keyframes. */
  jpegs: Uint8Array[];
  /** Vehicles already known (tests, bench): the detector is not asked. */
  vehicles?: Vehicle[];
}

export interface PictureReads {
  /** Index of the picture in the request. */
  picture: number;
  width: number;
  height: number;
  vehicles: number;
  reads: PlateRead[];
}

export interface PlatesTimings {
  decodeMs: number;
  detectMs: number;
  ocrMs: number;
  /** How long the models took to load, in the job that loaded them. */
  loadMs: number | undefined;
}

export type PlatesReply =
  | ({ id: number; ok: true; pictures: PictureReads[] } & PlatesTimings)
  | { id: number; ok: false; error: string };
