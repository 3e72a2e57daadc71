import { useEffect } from 'react';
import { panWindow, type Window, xToTime, zoomWindow } from './scale.ts';

/**
 * The wheel over a track zooms around the pointer (sideways or with Shift: pans). A non-passive listener, to keep
 * the page from scrolling; it reads the latest window from `latest`.
 */
export function useWheelZoom(
  area: React.RefObject<HTMLElement | null>,
  latest: React.RefObject<{ window: Window; bounds: Window; onWindow: (w: Window) => void }>,
): void {
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const track = (e.target as HTMLElement).closest<HTMLElement>('[data-track]');
      if (!track) return;
      e.preventDefault();
      const { window: w, bounds, onWindow } = latest.current;
      const rect = track.getBoundingClientRect();
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        onWindow(panWindow(w, ((e.deltaX || e.deltaY) / rect.width) * (w.toMs - w.fromMs), bounds));
      } else {
        const anchor = xToTime(e.clientX - rect.left, rect.width, w);
        onWindow(zoomWindow(w, e.deltaY > 0 ? 1.25 : 0.8, anchor, bounds));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [area, latest]);
}
