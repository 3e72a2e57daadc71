import { type PlanSelection, priceOf, type Subscription } from '@vigil/contracts';
import { useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { dangerButton, fit, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { usePricingFor } from '../api/get-pricing.ts';
import { useChangePlan, useSubscription, useSubscriptionAction } from '../api/subscription.ts';
import { money, planText } from '../plan-format.ts';
import { FirstCustomerPlan } from './FirstCustomerPlan.tsx';
import { PlanChooser } from './PlanChooser.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import '../../../shared/i18n/billing.texts.ts';

const box = 'space-y-3 rounded-lg border border-neutral-200 bg-white p-4';

/**
 * A customer's plan as its installer (or distributor) runs it (decision 0854): the running plan, a new one chosen
 * at the prices the customer pays (the distributor's list for the installer, the installer's share for the
 * customer), cancel and reinstate. Without a running plan, the first one, invoiced to the customer (decision 0873).
 */
export function CustomerPlanSection({ customerUid }: { customerUid: string }) {
  const { t } = useTranslation();
  const sub = useSubscription(customerUid);
  const s = sub.data?.subscription;
  return (
    <section className="space-y-4" aria-labelledby="customer-plan-title">
      <h3 id="customer-plan-title" className="font-medium">
        {t('billing.customerPlan.title')}
      </h3>
      {sub.error && <FormError message={errorText(sub.error, t)} />}
      {sub.isPending && <p className="text-neutral-600">{t('app.loading')}</p>}
      {sub.data && (!s || s.state === 'cancelled') && (
        <FirstCustomerPlan uid={customerUid} ended={s?.state === 'cancelled'} />
      )}
      {s && s.state !== 'cancelled' && <RunningPlan uid={customerUid} s={s} />}
    </section>
  );
}

/** The plan it runs, what it costs, the way to cancel or reinstate it, and the chooser of a new one. */
function RunningPlan({ uid, s }: { uid: string; s: Subscription }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const act = useSubscriptionAction(uid);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string>();
  const until = formatDateTime(s.periodEnd, i18n.language, zone);
  const run = (action: 'cancel' | 'reinstate') =>
    act.mutate(action, {
      onSuccess: () =>
        setNote(
          action === 'cancel'
            ? t('billing.customerPlan.cancelled', { date: until })
            : t('billing.customerPlan.reinstated'),
        ),
    });
  return (
    <>
      <div className={box} data-testid="customer-plan-current">
        <h4 className="text-sm font-medium text-neutral-700">{t('billing.customerPlan.current')}</h4>
        <p className="font-medium" data-testid="customer-plan">
          {planText(s.plan, t)}
        </p>
        <p className="text-sm" data-testid="customer-plan-state">
          {t(`billing.plan.states.${s.state}`, { date: until })}
        </p>
        <PriceSummary price={s.price} />
        <FormError message={act.error ? errorText(act.error, t) : undefined} />
        {s.state === 'active' ? (
          <button type="button" className={fit(dangerButton)} onClick={() => setConfirming(true)}>
            {t('billing.customerPlan.cancel')}
          </button>
        ) : (
          <button
            type="button"
            className={fit(secondaryButton)}
            disabled={act.isPending}
            onClick={() => run('reinstate')}
          >
            {t('billing.customerPlan.reinstate')}
          </button>
        )}
      </div>
      <StatusMessage message={note} />
      <ChangePlan uid={uid} s={s} onChanged={setNote} />
      {confirming && (
        <ConfirmDialog
          title={t('billing.customerPlan.cancelTitle')}
          confirmLabel={t('billing.customerPlan.cancel')}
          onConfirm={() => {
            setConfirming(false);
            run('cancel');
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('billing.customerPlan.cancelText', { date: until })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const samePlan = (a: PlanSelection, b: PlanSelection) =>
  JSON.stringify({ ...a, addons: [...a.addons].sort() }) ===
  JSON.stringify({ ...b, addons: [...b.addons].sort() });

/** The chooser over the customer's own price list, in the currency its plan is billed in. */
function ChangePlan(props: { uid: string; s: Subscription; onChanged: (note: string) => void }) {
  const { t, i18n } = useTranslation();
  const { s } = props;
  const pricing = usePricingFor(props.uid, s.currency.code);
  const change = useChangePlan(props.uid);
  const [plan, setPlan] = useState<PlanSelection>(s.plan);
  if (pricing.error) return <FormError message={errorText(pricing.error, t)} />;
  if (!pricing.data) return <p className="text-neutral-600">{t('app.loading')}</p>;
  const price = priceOf(pricing.data, plan);
  const same = samePlan(plan, s.plan);
  return (
    <form
      className={box}
      aria-labelledby="customer-plan-choose"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(plan, {
          onSuccess: (r) => {
            const text = planText(r.subscription.plan, t);
            const amount = money(r.due, s.currency.code, i18n.language);
            props.onChanged(
              r.due > 0
                ? t('billing.customerPlan.changedDue', { plan: text, amount })
                : t('billing.customerPlan.changed', { plan: text }),
            );
          },
        });
      }}
    >
      <h4 id="customer-plan-choose" className="font-medium">
        {t('billing.customerPlan.chooseTitle')}
      </h4>
      <p className="text-sm text-neutral-700">
        {t('billing.customerPlan.pricesNote', { currency: s.currency.code })}
      </p>
      <PlanChooser pricing={pricing.data} value={plan} onChange={setPlan} currency={s.currency.code} />
      {price ? (
        <PriceSummary price={price} />
      ) : (
        <p className="text-sm text-neutral-700">{t('billing.notSold')}</p>
      )}
      {same && <p className="text-sm text-neutral-700">{t('billing.customerPlan.same')}</p>}
      <FormError message={change.error ? errorText(change.error, t) : undefined} />
      <button type="submit" className={fit(primaryButton)} disabled={change.isPending || !price || same}>
        {t('billing.customerPlan.save')}
      </button>
    </form>
  );
}
