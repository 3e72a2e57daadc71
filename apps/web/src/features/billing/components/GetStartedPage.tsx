import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { pendingQuote } from '../pending-quote.ts';
import { useStartCheckout } from '../use-start-checkout.ts';
import { PlanPicker } from './PlanPicker.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import '../../../shared/i18n/billing.texts.ts';

/** The self-registration steps in order; `account` is done once the person is signed in. */
function Steps({ current }: { current: 'plan' | 'done' }) {
  const { t } = useTranslation();
  const steps = [
    { id: 'account', done: true },
    { id: 'plan', done: current === 'done' },
    { id: 'payment', done: current === 'done' },
  ];
  return (
    <ol className="mb-6 flex gap-2 text-sm" aria-label={t('billing.steps.title')}>
      {steps.map((s, i) => (
        <li
          key={s.id}
          aria-current={!s.done && (i === 1 || (i === 2 && steps[1]?.done)) ? 'step' : undefined}
          className={`flex-1 rounded-md border px-2 py-1 text-center ${s.done ? 'border-green-600 text-green-800' : 'border-neutral-300 text-neutral-700'}`}
        >
          {i + 1}. {t(`billing.steps.${s.id}`)}
          {s.done && <span className="sr-only"> ({t('billing.steps.done')})</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * /get-started (spec 000 §2, §3): a self-registered account's steps, account → plan → payment. The person can
 * always sign out; once paid the app opens.
 */
export function GetStartedPage() {
  const { t } = useTranslation();
  const session = useSession();
  const checkout = useStartCheckout(session?.uid ?? '');
  const quoteId = pendingQuote();
  if (!session)
    return (
      <AuthCard title={t('billing.getStarted.title')}>
        <p className="text-neutral-700">{t('billing.getStarted.signedOut')}</p>
        <div className="mt-4 flex flex-col gap-2">
          <Link to={paths.register} className={primaryButton}>
            {t('billing.getStarted.register')}
          </Link>
          <Link to={paths.signIn} className={linkClass}>
            {t('nav.signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  const paid = !session.incompleteSelfRegSteps.includes('payment');
  return (
    <AuthCard title={t('billing.getStarted.title')}>
      <Steps current={paid ? 'done' : 'plan'} />
      {paid ? (
        <div className="space-y-4">
          <p className="text-neutral-700">{t('billing.getStarted.allDone')}</p>
          <Link to={paths.cameras} className={primaryButton}>
            {t('billing.success.open')}
          </Link>
        </div>
      ) : (
        <>
          {quoteId && (
            <Link to={`/quote/${encodeURIComponent(quoteId)}`} className={`${linkClass} mb-4 block`}>
              {t('billing.getStarted.pendingQuote')}
            </Link>
          )}
          <p className="mb-4 text-neutral-700">{t('billing.getStarted.intro')}</p>
          <PlanPicker
            action={t('billing.getStarted.continue')}
            busy={checkout.pending}
            error={checkout.error}
            onChoose={(plan, currency) => void checkout.start(plan, currency)}
          />
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <SignOutButton />
      </p>
    </AuthCard>
  );
}
