import { lazy, type ReactNode, Suspense, useEffect } from 'react';

// The layer's library is not in a page's first load (/playback's picker, decision 0880): it loads when a picker
// shows, in the background, so it is there by the time the button is pressed.
const load = () => import('./PopoverLayer.tsx');
const PopoverLayer = lazy(load);

/** A panel under its button; Escape or a press elsewhere closes it. */
export function Popover({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Names the panel, a non-modal dialog (its button says `aria-haspopup="dialog"`). */
  label?: string | undefined;
  children: ReactNode;
}) {
  useEffect(() => {
    void load();
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PopoverLayer onClose={onClose} label={label}>
        {children}
      </PopoverLayer>
    </Suspense>
  );
}
