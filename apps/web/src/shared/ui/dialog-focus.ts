import { type RefObject, useEffect } from 'react';

/** What Tab can land on inside a dialog. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex="0"]';

/**
 * While a modal dialog is open: the page behind does not scroll, focus is inside (on the first control, or on the
 * dialog itself), and on close both go back to what they were.
 */
export function useModalOpen(box: RefObject<HTMLElement | null>, focus: 'first' | 'dialog' = 'first'): void {
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const el = box.current;
    (focus === 'first' ? (el?.querySelector<HTMLElement>(FOCUSABLE) ?? el) : el)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [box, focus]);
}

/**
 * Keeps Tab inside the dialog: past the last control to the first, Shift+Tab before the first to the last, and
 * focus that fell out (a focused button became disabled) back in. Returns whether it took the key.
 */
export function trapTab(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  box: HTMLElement | null,
): boolean {
  if (e.key !== 'Tab' || !box) return false;
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  const active = document.activeElement;
  if (!box.contains(active)) {
    e.preventDefault();
    (e.shiftKey ? last : first)?.focus();
  } else if (e.shiftKey && (active === first || active === box)) {
    e.preventDefault();
    last?.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first?.focus();
  }
  return true;
}
