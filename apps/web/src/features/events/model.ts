import { type EventItem, type EventLabel, readMotionScore } from '@vigil/contracts';

const DAY_MS = 86_400_000;

/** Local-day bounds of a yyyy-mm-dd date: 00:00 to 23:59:59.999 (spec 001 §5 default time range). */
export function dayBounds(date: string): { start: number; end: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d).getTime();
  return { start, end: new Date(y, m - 1, d + 1).getTime() - 1 };
}

export const isoDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The most days one event search spans (the spec's maxDateDifference, value ours). */
export const EVENTS_MAX_RANGE_DAYS = 31;
/** The most cameras one event search covers (the picker's max; the API takes up to 200). */
export const EVENTS_MAX_CAMERAS = 50;

/** A date range from..to (inclusive days): an end before the start resets the start (spec 001 §5). */
export function normaliseRange(from: string, to: string): { from: string; to: string } {
  if (to < from) return { from: to, to };
  const a = dayBounds(from).start;
  const b = dayBounds(to).start;
  if ((b - a) / DAY_MS > EVENTS_MAX_RANGE_DAYS)
    return { from: isoDate(b - EVENTS_MAX_RANGE_DAYS * DAY_MS), to };
  return { from, to };
}

export const scoreOf = (e: Pick<EventItem, 'motionScore'>): number => readMotionScore(e.motionScore);

export function durationText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
}

/**
 * Motion still going on (decision 0556): the server says so; its durationSeconds is 0 until it ends. An event that
 * ended within its first second also has 0 s, and is not ongoing.
 */
export const isOngoing = (e: Pick<EventItem, 'ongoing'>): boolean => e.ongoing === true;

/** A label in the preview: its confidence in 0..1 once GET /alert/rekog has answered. */
export interface ShownLabel {
  label: string;
  confidence: number | undefined;
}

/**
 * The labels the preview shows, highest confidence first: the list's names (already in that order) and the
 * confidences of GET /alert/rekog once it answers. The names give the row its place from the start, so it does not
 * appear late and push what is below; a name the answer lacks (labels stored between the two) keeps its place.
 */
export function shownLabels(
  names: readonly string[] | undefined,
  loaded: readonly EventLabel[] | undefined,
): ShownLabel[] {
  const confidence = new Map((loaded ?? []).map((l) => [l.label, l.confidence]));
  const labels = [...new Set([...(names ?? []), ...confidence.keys()])].map((label) => ({
    label,
    confidence: confidence.get(label),
  }));
  if (labels.every((l) => l.confidence !== undefined))
    labels.sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0) || a.label.localeCompare(b.label));
  return labels;
}

/** A confidence (0..1) as a whole percentage in the language's way: 87%, 87 %. */
export const percentText = (confidence: number, language: string): string =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(confidence);

/** Seconds of video around an event for its clip: the pre- and post-roll rom keeps (decision 0552). */
export const CLIP_PADDING_SEC = 5;

/**
 * The event's clip, from the spec's stream URL ({videoServer}/stream/{format}/{user}/{camera}/{start}/{end}/{token})
 * on the camera's logger host (this origin when it is this server).
 */
export function clipUrl(e: EventItem, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const start = Math.floor(e.startTime / 1000) - CLIP_PADDING_SEC;
  const end = Math.ceil(Math.max(e.endTime, e.startTime + 1000) / 1000) + CLIP_PADDING_SEC;
  let host = '';
  try {
    if (e.logger && typeof location !== 'undefined' && new URL(e.logger).origin !== location.origin)
      host = e.logger.replace(/\/$/, '');
  } catch {
    host = '';
  }
  return `${host}/stream/mp4/${encodeURIComponent(e.uid)}/${encodeURIComponent(e.deviceId)}/${start}/${end}/${encodeURIComponent(token)}?inputStream=true&ignoreMvhd=true`;
}
