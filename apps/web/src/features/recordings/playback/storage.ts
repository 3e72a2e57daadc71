import { readJson, STORAGE_KEYS } from '../../../shared/storage/local.ts';
import { browserTimeZone } from '../../../shared/time/zoned.ts';
import type { Window } from '../timeline/scale.ts';

/** What the playback screen keeps locally (spec 000 §3): playback time, visible range, time zone. */
export const playbackStore = {
  time: (): number | undefined => {
    const v = Number(localStorage.getItem(STORAGE_KEYS.playbackTime));
    return Number.isFinite(v) && v > 0 ? v : undefined;
  },
  setTime: (ms: number) => localStorage.setItem(STORAGE_KEYS.playbackTime, String(Math.round(ms))),
  /** A link to a moment (`?at=ms`, the PPE list's: decision 0871) puts the playhead there before the player starts. */
  timeFromLink: (at: string | null) => {
    const ms = Number(at);
    if (at && Number.isSafeInteger(ms) && ms > 0) playbackStore.setTime(ms);
  },
  range: (): Window | undefined => {
    const w = readJson<Window>(STORAGE_KEYS.playbackRange);
    return w && Number.isFinite(w.fromMs) && Number.isFinite(w.toMs) && w.toMs > w.fromMs ? w : undefined;
  },
  setRange: (w: Window) => localStorage.setItem(STORAGE_KEYS.playbackRange, JSON.stringify(w)),
  timeZone: (): string | undefined => localStorage.getItem(STORAGE_KEYS.timezone) ?? undefined,
  setTimeZone: (tz: string) => localStorage.setItem(STORAGE_KEYS.timezone, tz),
};

/** The zone to show: the one chosen before, else the camera's, else the browser's. */
export const initialTimeZone = (cameraZone?: string): string =>
  playbackStore.timeZone() ?? cameraZone ?? browserTimeZone();
