import type { PlanSelection } from '@vigil/contracts';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/config/paths.ts';
import { useCheckout } from './api/checkout.ts';
import { useCreateQuote } from './api/quotes.ts';

/** Quote the plan, invoice the quote, and go to /payment?invoice= to pay it. */
export function useStartCheckout(uid: string) {
  const navigate = useNavigate();
  const quote = useCreateQuote();
  const checkout = useCheckout(uid);
  const payQuote = async (quoteId: string) => {
    const c = await checkout.mutateAsync(quoteId);
    await navigate(`${paths.payment}?invoice=${encodeURIComponent(c.invoice.id)}`);
  };
  const start = async (plan: PlanSelection, currency: string) => {
    const q = await quote.mutateAsync({ plan, currency });
    await payQuote(q.id);
  };
  return {
    start: (plan: PlanSelection, currency: string) => start(plan, currency).catch(() => undefined),
    payQuote: (id: string) => payQuote(id).catch(() => undefined),
    pending: quote.isPending || checkout.isPending,
    error: quote.error ?? checkout.error,
  };
}
