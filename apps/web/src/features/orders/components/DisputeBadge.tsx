import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import '../../../shared/i18n/orders.texts.ts';

const TONE = {
  none: 'bg-neutral-100 text-neutral-700',
  open: 'bg-amber-100 text-amber-900',
  won: 'bg-green-100 text-green-900',
  lost: 'bg-red-100 text-red-900',
} as const;

/** A dispute's state as a small label (text, not colour alone, says it). */
export function DisputeBadge({ state }: { state: keyof typeof TONE }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[state]}`}
      data-testid="dispute-state"
    >
      {t(`orders.states.${state}`)}
    </span>
  );
}
