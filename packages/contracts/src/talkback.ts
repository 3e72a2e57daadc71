import { z } from 'zod';
import { Uidd } from './ids.ts';

/**
 * Two-way audio (spec 001 §7 `POST /twowayaudio/{owner}/{device}`: form data file (m4a), uid, token; decision 0709).
 * The clip is played out of the camera's speaker; the answer says how much was played.
 */
export const TALKBACK_MAX_CLIP_BYTES = 1024 * 1024;
/** Sound played from one clip at most; a longer clip is cut there. */
export const TALKBACK_MAX_SECONDS = 30;
/** Clips waiting for a camera's speaker behind the one playing; more are refused (429). */
export const TALKBACK_MAX_WAITING = 2;

export const TalkbackResponse = z.object({ uidd: Uidd, playedMs: z.number().int().nonnegative() });
export type TalkbackResponse = z.infer<typeof TalkbackResponse>;
