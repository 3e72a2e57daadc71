import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { FormError } from './FormError.tsx';
import { Modal } from './Modal.tsx';
import { dangerButton, fit, secondaryButton } from './styles.ts';

/**
 * Asks before something that cannot be undone (removing a user, deleting a group, ending a session). Cancel gets
 * the focus first, so Enter never confirms by accident; the error of a failed attempt shows in the dialog.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel} className={fit(secondaryButton)}>
            {t('common.cancel')}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={fit(dangerButton)}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <div className="mt-3">
        <FormError message={error} />
      </div>
    </Modal>
  );
}
