import { PLAYER_CONTROLS_HIDE_MS, PLAYER_TOUCH_CONTROLS_MS } from '@vigil/contracts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * When the player's controls show (spec 001 §4): always while paused; while playing only when hovered, focused or
 * touched (for 3 s after a tap). In fullscreen, the controls and the cursor hide after 3 s without the pointer
 * moving.
 */
export function useControlsVisibility(box: RefObject<HTMLElement | null>, playing: boolean) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [active, setActive] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);
  const touchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const activeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [box]);
  useEffect(
    () => () => {
      clearTimeout(touchTimer.current);
      clearTimeout(activeTimer.current);
    },
    [],
  );

  const poke = useCallback(() => {
    setActive(true);
    clearTimeout(activeTimer.current);
    activeTimer.current = setTimeout(() => setActive(false), PLAYER_CONTROLS_HIDE_MS);
  }, []);

  const handlers = {
    onPointerEnter: (e: React.PointerEvent) => e.pointerType === 'mouse' && setHovered(true),
    onPointerLeave: (e: React.PointerEvent) => e.pointerType === 'mouse' && setHovered(false),
    onPointerMove: (e: React.PointerEvent) => {
      if (e.pointerType === 'mouse') poke();
    },
    onPointerDown: (e: React.PointerEvent) => {
      poke();
      if (e.pointerType !== 'touch') return;
      setTouched(true);
      clearTimeout(touchTimer.current);
      touchTimer.current = setTimeout(() => setTouched(false), PLAYER_TOUCH_CONTROLS_MS);
    },
    onFocus: () => setFocused(true),
    onBlur: (e: React.FocusEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onKeyDown: () => poke(),
  };

  const visible = !playing || (fullscreen ? active || touched : hovered || focused || touched);
  return { visible, fullscreen, hideCursor: fullscreen && !visible, handlers };
}
