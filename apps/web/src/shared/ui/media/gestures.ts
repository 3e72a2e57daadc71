import { IMAGE_KEYBOARD_STEP_PX, SWIPE_THRESHOLD_PX } from '@vigil/contracts';

/** A horizontal swipe of at least 50 px (spec 001 §2) moves to the next (leftwards) or previous item. */
export function swipeDirection(dx: number, dy: number): 'next' | 'previous' | null {
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

export interface ViewState {
  zoom: number;
  /** Degrees, a multiple of 90. */
  rotation: number;
  /** Pan offset in px. */
  x: number;
  y: number;
}

export const INITIAL_VIEW: ViewState = { zoom: 1, rotation: 0, x: 0, y: 0 };
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.5;

export const zoomed = (v: ViewState, by: number): ViewState => {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, v.zoom + by));
  return zoom === 1 ? { ...v, zoom, x: 0, y: 0 } : { ...v, zoom };
};

export const rotated = (v: ViewState): ViewState => ({ ...v, rotation: (v.rotation + 90) % 360 });

/**
 * The image viewer's keys (spec 001 §2: 40 px steps): + and - zoom, arrows pan by 40 px while zoomed in. Returns
 * the new state, or null when the key is not the viewer's (so arrows can page through items at zoom 1).
 */
export function viewerKey(v: ViewState, key: string): ViewState | null {
  const step = IMAGE_KEYBOARD_STEP_PX;
  switch (key) {
    case '+':
    case '=':
      return zoomed(v, ZOOM_STEP);
    case '-':
      return zoomed(v, -ZOOM_STEP);
    case 'r':
    case 'R':
      return rotated(v);
    case 'ArrowLeft':
      return v.zoom > 1 ? { ...v, x: v.x + step } : null;
    case 'ArrowRight':
      return v.zoom > 1 ? { ...v, x: v.x - step } : null;
    case 'ArrowUp':
      return v.zoom > 1 ? { ...v, y: v.y + step } : null;
    case 'ArrowDown':
      return v.zoom > 1 ? { ...v, y: v.y - step } : null;
    default:
      return null;
  }
}

export const transformOf = (v: ViewState): string =>
  `translate(${v.x}px, ${v.y}px) scale(${v.zoom}) rotate(${v.rotation}deg)`;
