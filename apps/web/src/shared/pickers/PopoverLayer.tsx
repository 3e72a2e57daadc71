import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/**
 * An open popover's panel on Radix's dismissable layer (decision 0880), the one its Dialog is built on: layers
 * stack, so Escape in a picker inside a dialog closes the picker, not the dialog. A press on the picker's own button
 * (the panel's parent) is left to that button's toggle.
 */
export default function PopoverLayer({
  onClose,
  label,
  children,
}: {
  onClose: () => void;
  label?: string | undefined;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Closing with focus inside (Escape, a day picked) gives it back to the picker's button, the panel's parent's
  // first, instead of losing it to the page (decision 0887). Run before React removes the panel's nodes.
  useLayoutEffect(() => {
    const el = box.current;
    return () => {
      if (el?.contains(document.activeElement)) el.parentElement?.querySelector('button')?.focus();
    };
  }, []);
  return (
    <DismissableLayer
      ref={box}
      role={label === undefined ? undefined : 'dialog'}
      aria-label={label}
      className="absolute left-0 top-full z-40 mt-1"
      onEscapeKeyDown={(e) => {
        e.preventDefault();
        onClose();
      }}
      onPointerDownOutside={(e) => {
        e.preventDefault();
        if (!box.current?.parentElement?.contains(e.target as Node)) onClose();
      }}
      // Focus leaving the panel (Tab past its last day) does not close it, as before.
      onFocusOutside={(e) => e.preventDefault()}
    >
      {children}
    </DismissableLayer>
  );
}
