import * as Dialog from '@radix-ui/react-dialog';
import { MODAL_Z_INDEX } from '@vigil/contracts';
import { type CSSProperties, type ReactNode, useState } from 'react';

/**
 * The frame of every modal dialog, on Radix's Dialog (decision 0880): focus moves in and is trapped there, goes
 * back to where it was on close, Escape closes (only the topmost layer: a popover inside closes first), the page
 * behind neither scrolls nor is read by a screen reader. A click on the backdrop does nothing, as before: a dialog
 * closes by its buttons or Escape. `focus: 'dialog'` starts on the dialog itself (a form that loads after opening).
 */
export function ModalFrame({
  title,
  onClose,
  focus = 'first',
  backdrop = 'bg-black/50',
  className,
  style,
  testId,
  children,
}: {
  /** Rendered as the dialog's accessible name (Radix links it by aria-labelledby). */
  title: ReactNode;
  onClose: () => void;
  focus?: 'first' | 'dialog';
  backdrop?: string;
  className: string;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  // Radix gives the focus back to its own Trigger; these dialogs open from anywhere, so to what had it before.
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* The backdrop holds the dialog (Radix's scrollable-overlay layout): centred as the hand-written one was. */}
        <Dialog.Overlay
          className={`fixed inset-0 flex items-center justify-center p-4 ${backdrop}`}
          style={{ zIndex: MODAL_Z_INDEX }}
          data-testid={testId}
        >
          <Dialog.Content
            aria-modal="true"
            aria-describedby={undefined}
            tabIndex={-1}
            className={`${className} outline-none`}
            style={style}
            onPointerDownOutside={(e) => e.preventDefault()}
            onInteractOutside={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              before?.focus?.();
            }}
            onOpenAutoFocus={(e) => {
              if (focus === 'dialog') {
                e.preventDefault();
                (e.currentTarget as HTMLElement | null)?.focus();
              }
            }}
          >
            {title}
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's heading, the accessible name of its frame. */
export const ModalTitle = Dialog.Title;
