import type { PlanLosses, PlanSelection } from '@vigil/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { useChangePlan, usePlanPreview, useSubscription } from '../api/subscription.ts';
import { losesSomething } from '../plan-losses.ts';
import { useStartCheckout } from '../use-start-checkout.ts';
import { DowngradeWarning } from './DowngradeWarning.tsx';
import { PlanPicker } from './PlanPicker.tsx';
import '../../../shared/i18n/billing.texts.ts';

/**
 * /new-pricing (spec 000 §2): the plan chooser with the live price in the visitor's currency. Without a running
 * plan it subscribes (quote → payment); with one it changes it (decision 0741's proration), after a warning of
 * what a smaller plan takes away (decision 0853).
 */
export function NewPricingPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.newPricing'), brand.name);
  const navigate = useNavigate();
  const uid = useSession()?.uid ?? '';
  const sub = useSubscription(uid);
  const running = sub.data?.subscription && sub.data.subscription.state !== 'cancelled';
  const checkout = useStartCheckout(uid);
  const change = useChangePlan(uid);
  const preview = usePlanPreview(uid);
  const [warning, setWarning] = useState<{ plan: PlanSelection; losses: PlanLosses }>();
  const done = () => void navigate(`${paths.managePlan}/plan`);
  const changeTo = (plan: PlanSelection) =>
    preview.mutate(plan, {
      onSuccess: (p) =>
        losesSomething(p.losses)
          ? setWarning({ plan, losses: p.losses })
          : change.mutate(plan, { onSuccess: done }),
    });
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('routes.newPricing')}</h1>
      {sub.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : (
        <PlanPicker
          initial={running ? sub.data?.subscription?.plan : undefined}
          action={running ? t('billing.plan.save') : t('billing.getStarted.continue')}
          busy={checkout.pending || change.isPending || preview.isPending}
          error={running ? (preview.error ?? change.error) : checkout.error}
          onChoose={(plan, currency) => (running ? changeTo(plan) : void checkout.start(plan, currency))}
        />
      )}
      {warning && (
        <DowngradeWarning
          losses={warning.losses}
          busy={change.isPending}
          error={change.error ? errorText(change.error, t) : undefined}
          onConfirm={() => change.mutate(warning.plan, { onSuccess: done })}
          onCancel={() => {
            setWarning(undefined);
            change.reset();
          }}
        />
      )}
    </section>
  );
}
