import { z } from 'zod';
import { Uidd } from './ids.ts';
import { StreamSettings } from './ptz-config.ts';

/**
 * Changing what a camera's streams send (spec 001 §7 `PATCH /cameras/{type}/config` with type stream; §3 bit rate,
 * frame rates, aspect ratio; decision 0714): size, frame rate, bit rate and keyframe interval of the main or the
 * sub stream, set on the camera over ONVIF (its video encoder configurations). The camera restarts that stream.
 */
const Range = z.object({ min: z.number(), max: z.number() });

/** One stream's encoder as the camera reports it, and what it offers. */
export const StreamEncoder = z.object({
  width: z.number(),
  height: z.number(),
  frameRate: z.number(),
  bitrateKbps: z.number(),
  /** Frames from one keyframe to the next; null when the camera does not say. */
  gopFrames: z.number().nullable(),
  encoding: z.string(),
  resolutions: z.array(z.object({ width: z.number(), height: z.number() })),
  frameRateRange: Range.nullable(),
  bitrateKbpsRange: Range.nullable(),
  gopFramesRange: Range.nullable(),
});
export type StreamEncoder = z.infer<typeof StreamEncoder>;

export const StreamEncoders = z.object({ main: StreamEncoder, sd: StreamEncoder.optional() });
export type StreamEncoders = z.infer<typeof StreamEncoders>;

/** `GET /cameras/stream/encoders?uidd=` and the answer of `PATCH /cameras/stream/config`. */
export const StreamEncodersResponse = z.object({
  uidd: Uidd,
  settings: StreamSettings,
  encoders: StreamEncoders,
});
export type StreamEncodersResponse = z.infer<typeof StreamEncodersResponse>;

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** PATCH /cameras/stream/config: body uidd, settings (the stream, default main, and the values to change). */
export const PatchStreamConfigBody = z.strictObject({
  uidd: Uidd,
  settings: z
    .strictObject({
      stream: z.enum(['main', 'sd']).default('main'),
      width: whole(16, 8192).optional(),
      height: whole(16, 8192).optional(),
      frameRate: whole(1, 120).optional(),
      bitrateKbps: whole(16, 100_000).optional(),
      gopFrames: whole(1, 1000).optional(),
    })
    .refine((s) => (s.width === undefined) === (s.height === undefined), {
      message: 'width and height go together',
    }),
});
export type PatchStreamConfigBody = z.infer<typeof PatchStreamConfigBody>;

/**
 * `GET/PATCH /cameras/audio/config` (spec 001 §7 with type audio; §3 audioEnabled; decision 0715): whether the
 * camera's sound is taken. Off, the recorder reads the camera without its audio track: recordings, downloads and
 * live have no sound.
 */
export const AudioSettings = z.object({
  audioEnabled: z.boolean(),
  /** What the camera sends, as probed at install; null: no sound (audio cannot be turned on). */
  audioCodec: z.string().nullable(),
});
export const AudioConfigResponse = z.object({ uidd: Uidd, settings: AudioSettings });
export type AudioConfigResponse = z.infer<typeof AudioConfigResponse>;

export const PatchAudioConfigBody = z.strictObject({
  uidd: Uidd,
  settings: z.strictObject({ audioEnabled: z.boolean() }),
});
export type PatchAudioConfigBody = z.infer<typeof PatchAudioConfigBody>;
