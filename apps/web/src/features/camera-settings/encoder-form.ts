import type { StreamEncoder } from '@vigil/contracts';

/**
 * The encoder form of one stream (decision 0852): what the person typed, checked against what the camera offers
 * (GET /cameras/stream/encoders) before it is sent, so a value out of range is named at its field instead of
 * being refused by the camera after a stream restart was asked for.
 */
export interface EncoderValues {
  /** "1280x720": one of the camera's offered sizes. */
  resolution: string;
  frameRate: string;
  bitrateKbps: string;
  /** Empty when the camera does not report a keyframe interval. */
  gopFrames: string;
}

export type EncoderField = 'frameRate' | 'bitrateKbps' | 'gopFrames' | 'resolution';

/** A field's problem: the text key of `encoders.*` and its values. */
export interface EncoderProblem {
  key: 'whole' | 'range' | 'size';
  min?: number;
  max?: number;
}

export const sizeText = (r: { width: number; height: number }): string => `${r.width}x${r.height}`;

/** The form's first values: the encoder as the camera reports it. */
export function valuesOf(e: StreamEncoder): EncoderValues {
  return {
    resolution: sizeText(e),
    frameRate: String(e.frameRate),
    bitrateKbps: String(e.bitrateKbps),
    gopFrames: e.gopFrames === null ? '' : String(e.gopFrames),
  };
}

function checkNumber(text: string, range: { min: number; max: number } | null): EncoderProblem | undefined {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n)) return { key: 'whole' };
  if (range && (n < range.min || n > range.max)) return { key: 'range', min: range.min, max: range.max };
  if (!range && n < 1) return { key: 'whole' };
  return undefined;
}

/** Each field's problem against the camera's offer; empty when the form can be sent. */
export function encoderProblems(
  v: EncoderValues,
  e: StreamEncoder,
): Partial<Record<EncoderField, EncoderProblem>> {
  const out: Partial<Record<EncoderField, EncoderProblem>> = {};
  const offered = e.resolutions.some((r) => sizeText(r) === v.resolution) || v.resolution === sizeText(e);
  if (!offered) out.resolution = { key: 'size' };
  const fps = checkNumber(v.frameRate, e.frameRateRange);
  if (fps) out.frameRate = fps;
  const kbps = checkNumber(v.bitrateKbps, e.bitrateKbpsRange);
  if (kbps) out.bitrateKbps = kbps;
  if (e.gopFrames !== null) {
    const gop = checkNumber(v.gopFrames, e.gopFramesRange);
    if (gop) out.gopFrames = gop;
  }
  return out;
}

/** PATCH /cameras/stream/config's settings: only what differs from the camera's encoder (empty: nothing to do). */
export function changesOf(
  v: EncoderValues,
  e: StreamEncoder,
): { width?: number; height?: number; frameRate?: number; bitrateKbps?: number; gopFrames?: number } {
  const out: ReturnType<typeof changesOf> = {};
  if (v.resolution !== sizeText(e)) {
    const [w, h] = v.resolution.split('x').map(Number);
    out.width = w as number;
    out.height = h as number;
  }
  if (Number(v.frameRate) !== e.frameRate) out.frameRate = Number(v.frameRate);
  if (Number(v.bitrateKbps) !== e.bitrateKbps) out.bitrateKbps = Number(v.bitrateKbps);
  if (e.gopFrames !== null && Number(v.gopFrames) !== e.gopFrames) out.gopFrames = Number(v.gopFrames);
  return out;
}
