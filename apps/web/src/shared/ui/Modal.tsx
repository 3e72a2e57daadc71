import { MODAL_MAX_WIDTH_PERCENT, MODAL_MAX_WIDTH_PX } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { ModalFrame, ModalTitle } from './ModalFrame.tsx';
import { fit, primaryButton } from './styles.ts';

/**
 * A modal dialog (spec 001 §2, §9): z-index 1050, at most 700 px or 90 % wide; locks page scroll, closes on
 * Escape, keeps focus inside on Tab and gives it back to where it was on close (Radix's Dialog, decision 0880).
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
  return (
    <ModalFrame
      title={<ModalTitle className="text-lg font-semibold">{title}</ModalTitle>}
      onClose={onClose}
      className="max-h-[90vh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
      style={{ maxWidth: `min(${MODAL_MAX_WIDTH_PX}px, ${MODAL_MAX_WIDTH_PERCENT}%)` }}
    >
      <div className="mt-2 text-neutral-700">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {actions ?? (
          <button type="button" onClick={onClose} className={fit(primaryButton)}>
            {t('common.ok')}
          </button>
        )}
      </div>
    </ModalFrame>
  );
}
