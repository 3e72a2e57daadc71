import type { PlanSelection } from '@vigil/contracts';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { primaryButton } from '../../../shared/ui/styles.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import { PlanChooser } from './PlanChooser.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import '../../../shared/i18n/billing.texts.ts';

/** The chooser with its live price and one action (continue to payment, change plan). */
export function PlanPicker(props: {
  initial?: PlanSelection;
  action: string;
  busy: boolean;
  error: unknown;
  onChoose: (plan: PlanSelection, currency: string) => void;
}) {
  const { t } = useTranslation();
  const draft = usePlanDraft(props.initial);
  if (draft.pricing.error) return <FormError message={errorText(draft.pricing.error, t)} />;
  if (!draft.pricing.data) return <p className="text-neutral-600">{t('app.loading')}</p>;
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        props.onChoose(draft.plan, draft.pricing.data?.currency.code ?? draft.currency);
      }}
    >
      <PlanChooser
        pricing={draft.pricing.data}
        value={draft.plan}
        onChange={draft.setPlan}
        currency={draft.currency}
        onCurrency={draft.setCurrency}
      />
      {draft.price ? (
        <PriceSummary price={draft.price} />
      ) : (
        <p className="text-sm text-neutral-700">{t('billing.notSold')}</p>
      )}
      <FormError message={props.error ? errorText(props.error, t) : undefined} />
      <button type="submit" className={primaryButton} disabled={props.busy || !draft.price}>
        {props.action}
      </button>
    </form>
  );
}
