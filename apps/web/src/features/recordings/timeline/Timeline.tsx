import type { EventItem } from '@vigil/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { timeWithSecondsOf } from '../../../shared/time/zoned.ts';
import { keyedTime, ticks, timeToX, type Window, xToTime } from './scale.ts';
import { usePinch } from './use-pinch.ts';
import { useWheelZoom } from './use-wheel.ts';
import '../../../shared/i18n/recordings.texts.ts';

export interface TimelineCamera {
  uidd: string;
  name: string;
}

export interface TimelineProps {
  cameras: readonly TimelineCamera[];
  /** Recorded runs per camera, [startMs, endMs]. */
  sessions: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>;
  events: readonly EventItem[];
  window: Window;
  bounds: Window;
  onWindow: (w: Window) => void;
  playheadMs: number | undefined;
  selected: string | undefined;
  tz: string;
  /** A preview picture of a camera at an instant. */
  thumbUrl: (uidd: string, ms: number) => string;
  /** A press, or the end of a drag: play this camera from this instant, meant to within `precisionMs`. */
  onPick: (uidd: string, ms: number, precisionMs: number) => void;
  /** The pointer rests over a recorded instant (when its preview is asked for): a press there is likely. */
  onRest?: (uidd: string, ms: number, precisionMs: number) => void;
}

const PREVIEW_EVERY_MS = 150;
/**
 * A pointer that just arrived waits this long before its first preview, and a press holds previews off this long:
 * each preview is a decode on the server, which would compete with the seek a quick click asks for (and the
 * player shows that instant itself a moment later).
 */
const PREVIEW_REST_MS = 120;
const PREVIEW_AFTER_PRESS_MS = 400;
/** A press released within this many pixels of where it went down is a click, not a drag. */
const CLICK_SLOP_PX = 3;
const pct = (x: number) => `${(x * 100).toFixed(4)}%`;

/** Room for one tick label ("12:00", "21/11") and the space around it. */
const TICK_LABEL_PX = 56;

/** The element's width, followed as it changes (a phone turned, a sidebar folded). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Whether an instant is inside one of the recorded runs. */
export const recordedAt = (runs: ReadonlyArray<readonly [number, number]> | undefined, ms: number): boolean =>
  (runs ?? []).some(([a, b]) => ms >= a && ms < b);

/**
 * The day timeline (spec 001 §2 playback): a row per camera with its recorded runs as bars and its events as
 * markers, the playhead across them, hour ticks in the chosen time zone. Hovering or dragging shows a preview
 * picture of that instant; a press (a touch: its lift) or the end of a drag plays from there; the wheel zooms around the pointer,
 * two fingers pinch to zoom and move together to pan (use-pinch.ts).
 */
export function Timeline(p: TimelineProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const rulerWidth = useWidth(ruler);
  const [hover, setHover] = useState<
    { uidd: string; ms: number; x: number; precisionMs: number } | undefined
  >(undefined);
  const [preview, setPreview] = useState<{ uidd: string; ms: number } | undefined>(undefined);
  const dragging = useRef<string | undefined>(undefined);
  /** Where a mouse or pen press already started playback (x in the track), to tell a click from a drag. */
  const pressedX = useRef<number | undefined>(undefined);
  const lastPreview = useRef(0);
  const pressedAt = useRef(0);
  const enteredAt = useRef(0);
  const span = p.window.toMs - p.window.fromMs;

  // The latest props, for listeners and timers set up once.
  const latest = useRef(p);
  useLayoutEffect(() => {
    latest.current = p;
  });
  const pinch = usePinch(() => latest.current);

  // The preview picture follows the pointer, at most a few times a second (each one is decoded on the server).
  useEffect(() => {
    if (!hover || !recordedAt(p.sessions.get(hover.uidd), hover.ms)) return;
    const now = Date.now();
    const wait = Math.max(
      lastPreview.current + PREVIEW_EVERY_MS - now,
      enteredAt.current + PREVIEW_REST_MS - now,
      pressedAt.current + PREVIEW_AFTER_PRESS_MS - now,
      0,
    );
    const timer = setTimeout(() => {
      lastPreview.current = Date.now();
      setPreview({ uidd: hover.uidd, ms: Math.floor(hover.ms / 1000) * 1000 });
      latest.current.onRest?.(hover.uidd, hover.ms, hover.precisionMs);
    }, wait);
    return () => clearTimeout(timer);
  }, [hover, p.sessions]);

  useWheelZoom(area, latest);

  const at = (e: React.PointerEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    return {
      x,
      ms: Math.round(xToTime(x, rect.width, p.window)),
      precisionMs: span / Math.max(1, rect.width),
    };
  };

  return (
    <div ref={area} className="select-none" data-testid="timeline">
      <div
        ref={ruler}
        className="relative ml-20 h-6 border-b border-neutral-200 text-xs text-neutral-500 sm:ml-32"
        aria-hidden="true"
      >
        {ticks(p.window, p.tz, Math.max(2, Math.floor(rulerWidth / TICK_LABEL_PX))).map((tk) => (
          <span
            key={tk.ms}
            className="absolute top-0 -translate-x-1/2 whitespace-nowrap"
            style={{ left: pct(timeToX(tk.ms, 1, p.window)) }}
          >
            {tk.label}
          </span>
        ))}
      </div>
      {p.cameras.map((c) => {
        const runs = p.sessions.get(c.uidd) ?? [];
        const marks = p.events.filter(
          (e) => e.cameraUidd === c.uidd && e.startTime >= p.window.fromMs && e.startTime <= p.window.toMs,
        );
        const selected = c.uidd === p.selected;
        const now = p.playheadMs ?? p.window.fromMs;
        return (
          <div
            key={c.uidd}
            className={`flex items-center border-b border-neutral-100 ${selected ? 'bg-accent/5' : ''}`}
          >
            <div className="w-20 shrink-0 truncate px-2 py-2 text-sm sm:w-32" title={c.name}>
              {c.name}
            </div>
            <div
              data-track={c.uidd}
              role="slider"
              tabIndex={0}
              aria-label={t('recordings.timelineOf', { name: c.name })}
              aria-valuemin={p.window.fromMs}
              aria-valuemax={p.window.toMs}
              aria-valuenow={selected ? now : p.window.fromMs}
              aria-valuetext={selected ? timeWithSecondsOf(now, p.tz) : t('recordings.notPlaying')}
              className="relative h-10 flex-1 cursor-pointer touch-pan-y overflow-hidden bg-neutral-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
              onPointerMove={(e) => {
                if (!pinch.move(e)) setHover({ uidd: c.uidd, ...at(e) });
              }}
              onPointerEnter={() => {
                enteredAt.current = Date.now();
              }}
              onPointerLeave={() => !dragging.current && setHover(undefined)}
              onPointerDown={(e) => {
                if (e.button !== 0) return;
                if (pinch.down(e)) {
                  // A second finger: a pinch, not a scrub. Captured, so its moves come here off the track too.
                  e.currentTarget.setPointerCapture(e.pointerId);
                  dragging.current = undefined;
                  pressedX.current = undefined;
                  setHover(undefined);
                  return;
                }
                pressedAt.current = Date.now();
                dragging.current = c.uidd;
                e.currentTarget.setPointerCapture(e.pointerId);
                const { x, ms, precisionMs } = at(e);
                setHover({ uidd: c.uidd, x, ms, precisionMs });
                // A mouse or pen plays from the press, a human click's ~100 ms before its release; a touch waits
                // for the lift, as it may be the start of a scroll.
                pressedX.current = e.pointerType === 'touch' ? undefined : x;
                if (pressedX.current !== undefined) p.onPick(c.uidd, ms, precisionMs);
              }}
              onPointerUp={(e) => {
                if (pinch.up(e) || dragging.current !== c.uidd) return;
                dragging.current = undefined;
                const { x, ms, precisionMs } = at(e);
                const down = pressedX.current;
                pressedX.current = undefined;
                if (down === undefined || Math.abs(x - down) > CLICK_SLOP_PX)
                  p.onPick(c.uidd, ms, precisionMs);
              }}
              onPointerCancel={(e) => {
                pinch.up(e);
                // A touch that became a scroll: nothing to play.
                dragging.current = undefined;
                pressedX.current = undefined;
              }}
              onKeyDown={(e) => {
                const ms = keyedTime(e.key, now, p.window);
                if (ms === undefined) return;
                e.preventDefault();
                p.onPick(c.uidd, ms, 0);
              }}
            >
              {runs.map(([a, b]) => (
                <div
                  key={a}
                  data-testid="session-bar"
                  className="absolute inset-y-1 rounded-sm bg-accent/70"
                  style={{
                    left: pct(Math.max(0, timeToX(a, 1, p.window))),
                    width: pct(
                      Math.max(
                        0.002,
                        timeToX(Math.min(b, p.window.toMs), 1, p.window) -
                          Math.max(0, timeToX(a, 1, p.window)),
                      ),
                    ),
                  }}
                />
              ))}
              {marks.map((e) => (
                <span
                  key={e.id}
                  data-testid="event-marker"
                  title={`${t('recordings.event')} ${timeWithSecondsOf(e.startTime, p.tz)}`}
                  className="absolute top-0 h-2 w-2 -translate-x-1/2 rotate-45 bg-amber-500"
                  style={{ left: pct(timeToX(e.startTime, 1, p.window)) }}
                />
              ))}
              {selected && p.playheadMs !== undefined && (
                <div
                  data-testid="playhead"
                  className="pointer-events-none absolute inset-y-0 w-0.5 bg-neutral-900"
                  style={{ left: pct(timeToX(p.playheadMs, 1, p.window)) }}
                />
              )}
              {hover?.uidd === c.uidd && (
                <div
                  className="pointer-events-none absolute inset-y-0 w-px bg-neutral-500"
                  style={{ left: hover.x }}
                />
              )}
            </div>
          </div>
        );
      })}
      {hover && (
        <div className="pointer-events-none relative ml-32 h-0">
          <div
            className="absolute bottom-2 z-30 w-44 -translate-x-1/2 rounded-md bg-neutral-900 p-1 text-center text-xs text-white shadow-lg"
            style={{ left: `clamp(88px, ${hover.x}px, calc(100% - 88px))` }}
            data-testid="scrub-preview"
          >
            {preview && preview.uidd === hover.uidd && recordedAt(p.sessions.get(hover.uidd), hover.ms) && (
              <img
                src={p.thumbUrl(preview.uidd, preview.ms)}
                alt={t('recordings.preview')}
                className="mb-1 aspect-video w-full bg-black object-cover"
              />
            )}
            {timeWithSecondsOf(hover.ms, p.tz)}
          </div>
        </div>
      )}
    </div>
  );
}
