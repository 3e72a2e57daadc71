import type { DecodeOptions, Detection } from './decode.ts';

/** What the recogniser's thread is started with. */
export interface WorkerData {
  ffmpegPath: string;
  decode: DecodeOptions;
  maxLabels: number;
  nice: number;
}

export interface WorkerRequest {
  id: number;
  jpeg: Uint8Array;
}

export type WorkerReply =
  | {
      id: number;
      ok: true;
      detections: Detection[];
      labels: { label: string; confidence: number }[];
      /** ffmpeg: JPEG to the model's input. */
      decodeMs: number;
      inferMs: number;
      /** How long the model took to load, once it has. */
      loadMs: number | undefined;
    }
  | { id: number; ok: false; error: string };
