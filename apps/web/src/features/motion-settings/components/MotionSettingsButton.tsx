import '../../../shared/i18n/motion.texts.ts';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { actionButton } from '../../../shared/ui/styles.ts';
import { MotionSettingsDialog } from './MotionSettingsDialog.tsx';

/** Opens a camera's motion settings (the routes put it where cameras are listed). */
export function MotionSettingsButton({ uidd, name }: { uidd: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={actionButton}
        aria-label={t('motion.open', { camera: name })}
      >
        {t('motion.button')}
      </button>
      {/* In a portal: the button may sit in a table cell, whose alignment and stacking the dialog must not take. */}
      {open &&
        createPortal(
          <MotionSettingsDialog uidd={uidd} name={name} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}
