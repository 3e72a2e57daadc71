import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { useChangePlan, useSubscription } from '../api/subscription.ts';
import { useStartCheckout } from '../use-start-checkout.ts';
import { PlanPicker } from './PlanPicker.tsx';
import '../../../shared/i18n/billing.texts.ts';

/**
 * /new-pricing (spec 000 §2): the plan chooser with the live price in the visitor's currency. Without a running
 * plan it subscribes (quote → payment); with one it changes it (decision 0741's proration).
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
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('routes.newPricing')}</h1>
      {sub.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : (
        <PlanPicker
          initial={running ? sub.data?.subscription?.plan : undefined}
          action={running ? t('billing.plan.save') : t('billing.getStarted.continue')}
          busy={checkout.pending || change.isPending}
          error={running ? change.error : checkout.error}
          onChoose={(plan, currency) =>
            running
              ? change.mutate(plan, { onSuccess: () => void navigate(`${paths.managePlan}/plan`) })
              : void checkout.start(plan, currency)
          }
        />
      )}
    </section>
  );
}
