import { timeOf, zonedParts } from '../../../shared/time/zoned.ts';

/** The part of the clock the timeline shows, epoch ms. */
export interface Window {
  fromMs: number;
  toMs: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
/** The narrowest view: five minutes across. */
export const MIN_SPAN_MS = 5 * MIN;

export const xToTime = (x: number, width: number, w: Window): number =>
  w.fromMs + (Math.min(Math.max(x, 0), width) / width) * (w.toMs - w.fromMs);
export const timeToX = (ms: number, width: number, w: Window): number =>
  ((ms - w.fromMs) / (w.toMs - w.fromMs)) * width;

/** Keeps a window inside the bounds, its span between MIN_SPAN_MS and the bounds' span. */
export function clampWindow(w: Window, bounds: Window): Window {
  const span = Math.min(Math.max(w.toMs - w.fromMs, MIN_SPAN_MS), bounds.toMs - bounds.fromMs);
  const from = Math.min(Math.max(w.fromMs, bounds.fromMs), bounds.toMs - span);
  return { fromMs: from, toMs: from + span };
}

/** Zooms by `factor` (< 1 zooms in) keeping the instant `anchorMs` where it is on screen. */
export function zoomWindow(w: Window, factor: number, anchorMs: number, bounds: Window): Window {
  const span = w.toMs - w.fromMs;
  const next = Math.min(Math.max(span * factor, MIN_SPAN_MS), bounds.toMs - bounds.fromMs);
  const ratio = (anchorMs - w.fromMs) / span;
  return clampWindow({ fromMs: anchorMs - ratio * next, toMs: anchorMs - ratio * next + next }, bounds);
}

export const panWindow = (w: Window, deltaMs: number, bounds: Window): Window =>
  clampWindow({ fromMs: w.fromMs + deltaMs, toMs: w.toMs + deltaMs }, bounds);

/** Moves the window just enough for `ms` to be inside it (playback running off the edge). */
export function follow(w: Window, ms: number, bounds: Window): Window {
  if (ms >= w.fromMs && ms <= w.toMs) return w;
  const span = w.toMs - w.fromMs;
  return clampWindow({ fromMs: ms - span * 0.1, toMs: ms + span * 0.9 }, bounds);
}

const STEPS = [MIN, 5 * MIN, 10 * MIN, 15 * MIN, 30 * MIN, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR];

/** Tick marks on whole minutes or hours of the zone's clock, at most `max` of them. */
export function ticks(w: Window, tz: string, max = 12): Array<{ ms: number; label: string }> {
  const span = w.toMs - w.fromMs;
  const step = STEPS.find((s) => span / s <= max) ?? 24 * HOUR;
  const out: Array<{ ms: number; label: string }> = [];
  // Align on the zone's clock: find the first whole step at or after the start.
  const p = zonedParts(w.fromMs, tz);
  const intoStep = ((p.hour * 60 + p.minute) * MIN + p.second * 1000) % Math.min(step, 24 * HOUR);
  let ms = w.fromMs - intoStep + (intoStep === 0 ? 0 : Math.min(step, 24 * HOUR));
  ms -= ms % 1000;
  for (; ms <= w.toMs && out.length <= max; ms += step) {
    const z = zonedParts(ms, tz);
    const label = z.hour === 0 && z.minute === 0 ? `${z.day}/${z.month}` : timeOf(ms, tz);
    out.push({ ms, label });
  }
  return out;
}

/** The slider keys of a track (WAI-ARIA slider pattern), as fractions of the window shown. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -0.01,
  ArrowDown: -0.01,
  ArrowRight: 0.01,
  ArrowUp: 0.01,
  PageDown: -0.1,
  PageUp: 0.1,
};

/** Where a key moves a track's playhead: a step of the window shown, Home/End its ends; undefined for other keys. */
export function keyedTime(key: string, nowMs: number, w: Window): number | undefined {
  if (key === 'Home') return w.fromMs;
  if (key === 'End') return w.toMs;
  const step = KEY_STEPS[key];
  if (step === undefined) return undefined;
  // Not held to the window: the view follows a playhead that leaves it (`follow`), so the keys can go on.
  return Math.round(nowMs + step * (w.toMs - w.fromMs));
}
