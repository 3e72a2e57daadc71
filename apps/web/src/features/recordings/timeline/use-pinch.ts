import { useRef } from 'react';
import { pinchWindow, type TouchPair } from './gesture.ts';
import type { Window } from './scale.ts';

interface PinchTarget {
  window: Window;
  bounds: Window;
  onWindow: (w: Window) => void;
}

/** Where a pointer is across its track, px (every track has the same left edge and width). */
const xIn = (e: React.PointerEvent<HTMLElement>) => e.clientX - e.currentTarget.getBoundingClientRect().left;

/**
 * Two fingers on the timeline: pinch to zoom, move together to pan (gesture.ts). Each handler answers whether the
 * event belongs to a two-finger gesture, which the one-finger scrub must then ignore — including the lift of the
 * last finger after a pinch, which is not a press.
 */
export function usePinch(target: () => PinchTarget) {
  const touches = useRef(new Map<number, number>());
  const start = useRef<{ window: Window; pair: TouchPair; ids: [number, number] } | undefined>(undefined);
  /** A pinch happened since the first finger went down: nothing of this touch is a scrub. */
  const gesture = useRef(false);

  return {
    down(e: React.PointerEvent<HTMLElement>): boolean {
      if (e.pointerType !== 'touch') return false;
      touches.current.set(e.pointerId, xIn(e));
      if (touches.current.size === 2) {
        const [[a, xa], [b, xb]] = [...touches.current] as [[number, number], [number, number]];
        start.current = { window: target().window, pair: [xa, xb], ids: [a, b] };
        gesture.current = true;
      }
      return gesture.current;
    },
    move(e: React.PointerEvent<HTMLElement>): boolean {
      if (e.pointerType !== 'touch' || !touches.current.has(e.pointerId)) return false;
      touches.current.set(e.pointerId, xIn(e));
      const s = start.current;
      if (s) {
        const t = target();
        const now: TouchPair = [
          touches.current.get(s.ids[0]) ?? s.pair[0],
          touches.current.get(s.ids[1]) ?? s.pair[1],
        ];
        t.onWindow(
          pinchWindow(s.window, s.pair, now, e.currentTarget.getBoundingClientRect().width, t.bounds),
        );
      }
      return gesture.current;
    },
    /** A finger lifted or its touch cancelled. */
    up(e: React.PointerEvent<HTMLElement>): boolean {
      if (e.pointerType !== 'touch') return false;
      touches.current.delete(e.pointerId);
      const was = gesture.current;
      if (touches.current.size < 2) start.current = undefined;
      if (touches.current.size === 0) gesture.current = false;
      return was;
    },
  };
}
