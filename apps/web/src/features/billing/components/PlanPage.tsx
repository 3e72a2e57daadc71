import type { SubscriptionState } from '@vigil/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { dangerButton, fit, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { useSubscription, useSubscriptionAction } from '../api/subscription.ts';
import { planText } from '../plan-format.ts';
import { DueInvoices } from './DueInvoices.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import '../../../shared/i18n/billing.texts.ts';

/**
 * /manage-plan/plan (spec 000 §2): the running plan, its state (active, pending cancellation, cancelled: spec 001
 * §4), change it (/new-pricing), cancel it (to the end of the paid period) and reinstate it before then.
 */
export function PlanPage() {
  const { t, i18n } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.plan'), brand.name);
  const zone = useTimeZone();
  const uid = useSession()?.uid ?? '';
  const sub = useSubscription(uid);
  const act = useSubscriptionAction(uid);
  const [confirming, setConfirming] = useState(false);
  const s = sub.data?.subscription;
  const until = s ? formatDateTime(s.periodEnd, i18n.language, zone) : '';
  return (
    <section
      className="mx-auto w-full max-w-[1200px] space-y-4 px-4 py-6 sm:px-6"
      aria-labelledby="plan-title"
    >
      <h1 id="plan-title" className="text-2xl font-semibold tracking-tight">
        {t('routes.plan')}
      </h1>
      <DueInvoices uid={uid} />
      {sub.error && <FormError message={errorText(sub.error, t)} />}
      {sub.isPending && <p className="text-neutral-600">{t('app.loading')}</p>}
      {sub.data && !s && (
        <div className="space-y-3">
          <p className="text-neutral-700">{t('billing.plan.none')}</p>
          <Link to={paths.newPricing} className={fit(primaryButton)}>
            {t('billing.plan.choose')}
          </Link>
        </div>
      )}
      {s && (
        <div className="space-y-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-6">
          <p className="font-medium">{planText(s.plan, t)}</p>
          <p data-testid="plan-state" className="text-sm">
            {t(`billing.plan.states.${s.state}`, { date: until })}
          </p>
          <PriceSummary price={s.price} />
          <FormError message={act.error ? errorText(act.error, t) : undefined} />
          <PlanActions
            state={s.state}
            busy={act.isPending}
            onCancel={() => setConfirming(true)}
            onReinstate={() => act.mutate('reinstate')}
          />
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('billing.plan.cancelTitle')}
          confirmLabel={t('billing.plan.cancel')}
          onConfirm={() => {
            setConfirming(false);
            act.mutate('cancel');
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('billing.plan.cancelText', { date: until })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Change, cancel, reinstate or choose again, as the state allows (spec 001 §4). */
function PlanActions(props: {
  state: SubscriptionState;
  busy: boolean;
  onCancel: () => void;
  onReinstate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {props.state !== 'cancelled' && (
        <Link to={paths.newPricing} className={fit(secondaryButton, 'w-full sm:w-auto')}>
          {t('billing.plan.change')}
        </Link>
      )}
      {props.state === 'active' && (
        <button type="button" className={fit(dangerButton, 'w-full sm:w-auto')} onClick={props.onCancel}>
          {t('billing.plan.cancel')}
        </button>
      )}
      {props.state === 'pending_cancellation' && (
        <button
          type="button"
          className={fit(primaryButton, 'w-full sm:w-auto')}
          disabled={props.busy}
          onClick={props.onReinstate}
        >
          {t('billing.plan.reinstate')}
        </button>
      )}
      {props.state === 'cancelled' && (
        <Link to={paths.newPricing} className={fit(primaryButton, 'w-full sm:w-auto')}>
          {t('billing.plan.choose')}
        </Link>
      )}
    </div>
  );
}
