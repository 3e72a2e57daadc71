import { type PlanSelection, priceOf } from '@vigil/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { usePricingFor } from '../api/get-pricing.ts';
import { useStartFirstPlan } from '../api/subscription.ts';
import { DEFAULT_PLAN, money, planText } from '../plan-format.ts';
import { PlanChooser } from './PlanChooser.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import '../../../shared/i18n/billing.texts.ts';

const box = 'space-y-3 rounded-lg border border-neutral-200 bg-white p-4';

/**
 * A customer without a running plan, as its installer or distributor sees it (decision 0873): they choose the first
 * plan at the customer's prices (the requester's currency, as /pricing answers it), and the customer is invoiced;
 * the plan starts once the customer pays from their own plan page. `ended`: a plan ran before and has ended.
 */
export function FirstCustomerPlan({ uid, ended }: { uid: string; ended: boolean }) {
  const { t, i18n } = useTranslation();
  const pricing = usePricingFor(uid, null);
  const start = useStartFirstPlan(uid);
  const [plan, setPlan] = useState<PlanSelection>(DEFAULT_PLAN);
  const [note, setNote] = useState<string>();
  const list = pricing.data;
  const price = list ? priceOf(list, plan) : undefined;
  return (
    <>
      <p className="text-neutral-700">
        {t(ended ? 'billing.customerPlan.ended' : 'billing.customerPlan.none')}
      </p>
      <StatusMessage message={note} />
      {pricing.error && <FormError message={errorText(pricing.error, t)} />}
      {list && (
        <form
          className={box}
          aria-labelledby="customer-plan-first"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate(
              { plan, currency: list.currency.code },
              {
                onSuccess: ({ invoice }) =>
                  setNote(
                    t('billing.customerPlan.invoiced', {
                      plan: planText(invoice.plan, t),
                      amount: money(invoice.price.total, invoice.price.currency.code, i18n.language),
                    }),
                  ),
              },
            );
          }}
        >
          <h4 id="customer-plan-first" className="font-medium">
            {t('billing.customerPlan.firstTitle')}
          </h4>
          <p className="text-sm text-neutral-700">
            {t('billing.customerPlan.pricesNote', { currency: list.currency.code })}
          </p>
          <PlanChooser pricing={list} value={plan} onChange={setPlan} currency={list.currency.code} />
          {price ? (
            <PriceSummary price={price} />
          ) : (
            <p className="text-sm text-neutral-700">{t('billing.notSold')}</p>
          )}
          <FormError message={start.error ? errorText(start.error, t) : undefined} />
          <button type="submit" className={fit(primaryButton)} disabled={start.isPending || !price}>
            {t('billing.customerPlan.start')}
          </button>
        </form>
      )}
    </>
  );
}
