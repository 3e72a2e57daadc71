import type { PlanLosses } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { lossLines } from '../plan-losses.ts';
import '../../../shared/i18n/billing.texts.ts';

/**
 * Before a smaller plan is confirmed (decision 0853): what the owner loses, as the server computed it. Cancel has
 * the focus first and keeps the plan; the dialog keeps the focus inside until one is chosen.
 */
export function DowngradeWarning(props: {
  losses: PlanLosses;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('billing.downgrade.title')}
      confirmLabel={t('billing.downgrade.confirm')}
      busy={props.busy}
      error={props.error}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>{t('billing.downgrade.intro')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="plan-losses">
        {lossLines(props.losses, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
