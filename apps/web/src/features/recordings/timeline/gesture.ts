import { clampWindow, MIN_SPAN_MS, type Window } from './scale.ts';

/** Two touch points across a track, x in pixels from the track's left edge. */
export type TouchPair = readonly [number, number];

/** Closer than this the two fingers are taken as one place: no zoom factor is read from them. */
const MIN_FINGER_GAP_PX = 8;

/**
 * The window a two-finger gesture asks for (pinch to zoom and two-finger pan in one): the span scales by the ratio
 * of the fingers' distances (spread apart: zoom in), and the instant that was under the fingers' midpoint when
 * the gesture began stays under their midpoint now. Measured from the gesture's start, not step by step, so
 * rounding does not drift while the fingers move. Clamped to the bounds and the narrowest span (clampWindow).
 */
export function pinchWindow(
  start: Window,
  from: TouchPair,
  now: TouchPair,
  width: number,
  bounds: Window,
): Window {
  const span = start.toMs - start.fromMs;
  const d0 = Math.abs(from[1] - from[0]);
  const d1 = Math.abs(now[1] - now[0]);
  const factor = d0 < MIN_FINGER_GAP_PX || d1 < MIN_FINGER_GAP_PX ? 1 : d0 / d1;
  const limit = bounds.toMs - bounds.fromMs;
  const next = Math.min(Math.max(span * factor, MIN_SPAN_MS), limit);
  const anchor = start.fromMs + ((from[0] + from[1]) / 2 / width) * span;
  // Whole milliseconds: the window is epoch ms.
  const fromMs = Math.round(anchor - ((now[0] + now[1]) / 2 / width) * next);
  return clampWindow({ fromMs, toMs: fromMs + next }, bounds);
}
