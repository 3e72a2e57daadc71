import { MODAL_MAX_WIDTH_PERCENT, MODAL_MAX_WIDTH_PX, MODAL_Z_INDEX } from '@vigil/contracts';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trapTab, useModalOpen } from './dialog-focus.ts';
import { fit, primaryButton } from './styles.ts';

/**
 * A modal dialog (spec 001 §2, §9): z-index 1050, at most 700 px or 90 % wide; locks page scroll, closes on
 * Escape, keeps focus inside on Tab and gives it back to where it was on close.
 */
export function Modal({
  title,
  children,
  onClose,
  actions,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Buttons in place of the single OK (a confirmation's cancel and confirm). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useModalOpen(box);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') return onClose();
    trapTab(e, box.current);
  };
  return (
    <div
      className="fixed inset-0 flex items-center justify-center bg-black/50 p-4"
      style={{ zIndex: MODAL_Z_INDEX }}
    >
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="max-h-[90vh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        style={{ maxWidth: `min(${MODAL_MAX_WIDTH_PX}px, ${MODAL_MAX_WIDTH_PERCENT}%)` }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-neutral-700">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {actions ?? (
            <button type="button" onClick={onClose} className={fit(primaryButton)}>
              {t('common.ok')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
