import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/store.ts';
import { AuthCard } from '../../../shared/ui/AuthCard.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { linkClass, primaryButton } from '../../../shared/ui/styles.ts';
import { useQuote } from '../api/quotes.ts';
import { rememberQuote } from '../pending-quote.ts';
import { planText } from '../plan-format.ts';
import { useStartCheckout } from '../use-start-checkout.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import '../../../shared/i18n/billing.texts.ts';

/**
 * /quote/:id (spec 000 §2): a quote, the customer's own or made for them by a partner, shown as priced; accepting it
 * invoices it and goes to payment. Signed out: register or sign in, then come back here.
 */
export function QuotePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const here = useLocation().pathname;
  const session = useSession();
  const quote = useQuote(id);
  const checkout = useStartCheckout(session?.uid ?? '');
  const accepted = quote.data?.acceptedAt != null;
  const signedOut = !session;
  useEffect(() => {
    if (signedOut && quote.data && quote.data.acceptedAt === null) rememberQuote(quote.data.id);
  }, [signedOut, quote.data]);
  return (
    <AuthCard title={t('billing.quote.title')}>
      {quote.error && <FormError message={errorText(quote.error, t)} />}
      {quote.isPending && <p className="text-neutral-600">{t('app.loading')}</p>}
      {quote.data && (
        <div className="space-y-4">
          <p className="text-neutral-800">{planText(quote.data.plan, t)}</p>
          <PriceSummary price={quote.data.price} />
          {accepted && <p className="text-sm text-neutral-700">{t('billing.quote.accepted')}</p>}
          {!accepted && session && (
            <>
              <FormError message={checkout.error ? errorText(checkout.error, t) : undefined} />
              <button
                type="button"
                className={primaryButton}
                disabled={checkout.pending}
                onClick={() => void checkout.payQuote(id)}
              >
                {t('billing.quote.accept')}
              </button>
            </>
          )}
          {!session && (
            <div className="flex flex-col gap-2">
              <Link to={paths.register} state={{ from: here }} className={primaryButton}>
                {t('billing.getStarted.register')}
              </Link>
              <Link to={paths.signIn} state={{ from: here }} className={linkClass}>
                {t('nav.signIn')}
              </Link>
            </div>
          )}
        </div>
      )}
      {session && (
        <p className="mt-6 text-center text-sm">
          <SignOutButton />
        </p>
      )}
    </AuthCard>
  );
}
