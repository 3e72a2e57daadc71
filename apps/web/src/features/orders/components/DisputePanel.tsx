import { DISPUTE_MOVES, type DisputeState, type OrderDetail } from '@vigil/contracts';
import { useId, useState } from 'react';
import { errorText } from '../../../shared/api/error-text.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useTimeZone } from '../../../shared/session/time-zone.ts';
import { dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { dangerButton, fit, inputClass, primaryButton, secondaryButton } from '../../../shared/ui/styles.ts';
import { useMoveDispute } from '../api/orders.ts';
import { disputeOf } from '../model.ts';
import { DisputeBadge } from './DisputeBadge.tsx';
import '../../../shared/i18n/orders.texts.ts';

const BUTTON: Record<DisputeState, { label: string; cls: string }> = {
  open: { label: 'orders.openDispute', cls: secondaryButton },
  won: { label: 'orders.markWon', cls: primaryButton },
  lost: { label: 'orders.markLost', cls: dangerButton },
};

/** The order's dispute: its state, the moves it allows with a note (decision 0842), and its history. */
export function DisputePanel({ order, uid }: { order: OrderDetail; uid: string }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string>();
  const move = useMoveDispute(uid, order.id);
  const state = disputeOf(order);
  const moves = DISPUTE_MOVES[state];
  const submit = (to: DisputeState) => {
    setDone(undefined);
    move.mutate(
      { to, note },
      {
        onSuccess: () => {
          setNote('');
          setDone(t('orders.saved', { state: t(`orders.states.${to}`).toLowerCase() }));
        },
      },
    );
  };
  return (
    <section aria-labelledby={`${noteId}-h`}>
      <h2 id={`${noteId}-h`} className="flex items-center gap-2 text-lg font-semibold">
        {t('orders.disputeTitle')} <DisputeBadge state={state} />
      </h2>
      {order.dispute ? (
        <p className="mt-1 break-words">{t('orders.reason', { reason: order.dispute.reason })}</p>
      ) : (
        <p className="mt-1">{t('orders.noDispute')}</p>
      )}
      {moves.length > 0 ? (
        <form className="mt-3 space-y-3" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={noteId} className="block text-sm font-medium text-neutral-800">
            {t('orders.note')}
          </label>
          <textarea
            id={noteId}
            className={inputClass}
            rows={3}
            maxLength={2000}
            value={note}
            aria-describedby={`${noteId}-hint`}
            onChange={(e) => setNote(e.target.value)}
          />
          <p id={`${noteId}-hint`} className="text-sm text-neutral-600">
            {t('orders.noteHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            {moves.map((to) => (
              <button
                key={to}
                type="button"
                className={fit(BUTTON[to].cls)}
                disabled={move.isPending || !note.trim()}
                onClick={() => submit(to)}
              >
                {t(BUTTON[to].label)}
              </button>
            ))}
          </div>
        </form>
      ) : (
        state !== 'none' && (
          <p className="mt-3">{t('orders.final', { state: t(`orders.states.${state}`).toLowerCase() })}</p>
        )
      )}
      {move.isError && <FormError message={errorText(move.error, t)} />}
      <StatusMessage message={done} />
      <DisputeHistory notes={order.notes} />
    </section>
  );
}

/** Each move of the dispute with its note, who wrote it and when. */
function DisputeHistory({ notes }: { notes: OrderDetail['notes'] }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  if (notes.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 font-semibold">{t('orders.history')}</h3>
      <ol className="mt-2 space-y-2" data-testid="dispute-history">
        {notes.map((n) => (
          <li key={`${n.at}-${n.to}`} className="rounded-md border border-neutral-200 p-2 text-sm">
            <p className="text-neutral-600">
              {dayOf(n.at, tz)} {timeOf(n.at, tz)} ·{' '}
              {n.from
                ? t('orders.moved', { from: t(`orders.states.${n.from}`), to: t(`orders.states.${n.to}`) })
                : t('orders.opened')}{' '}
              · {n.byEmail ?? t('orders.byPos')}
            </p>
            <p className="mt-1 break-words">{n.note}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
