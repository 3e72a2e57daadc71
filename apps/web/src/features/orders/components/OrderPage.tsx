import type { OrderDetail } from '@vigil/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../shared/api/error-text.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { VideoPlayer } from '../../../shared/player/VideoPlayer.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { sessionStore } from '../../../shared/session/store.ts';
import { useTimeZone } from '../../../shared/session/time-zone.ts';
import { dayOf, timeOf } from '../../../shared/time/zoned.ts';
import { linkClass } from '../../../shared/ui/styles.ts';
import { useOrder } from '../api/orders.ts';
import { clipPlaylist, money, orderStart } from '../model.ts';
import { useTakeawayAccount } from '../use-account.ts';
import { DisputePanel } from './DisputePanel.tsx';
import '../../../shared/i18n/orders.texts.ts';

/** The playlist's requests carry the session's token, as the playback screen's do. */
const authHeaders = (): Record<string, string> => {
  const token = sessionStore.get()?.authToken;
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * /orders/:id: the order beside the till camera's clip around its time (decision 0841), and its dispute, so a
 * vendor answering a dispute watches what happened at the till.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const { id = '' } = useParams();
  const { uid } = useTakeawayAccount();
  const order = useOrder(uid, id);
  const shellPath = useShellPath();
  usePageTitle(t('orders.orderTitle', { id: order.data?.orderId ?? '' }), brand.name);
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <Link to={shellPath(paths.orders)} className={linkClass}>
        {t('orders.back')}
      </Link>
      {order.isError && (
        <p role="alert" className="mt-4 text-red-700">
          {errorText(order.error, t)}
        </p>
      )}
      {order.data && <OrderView order={order.data} uid={uid} />}
    </section>
  );
}

function OrderView({ order, uid }: { order: OrderDetail; uid: string }) {
  const { t, i18n } = useTranslation();
  const tz = useTimeZone();
  return (
    <>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">
        {t('orders.orderTitle', { id: order.orderId })}
      </h1>
      <p className="text-neutral-700">
        {t('orders.placed', { day: dayOf(order.placedAt, tz), time: timeOf(order.placedAt, tz) })}
        {order.channel ? ` · ${order.channel}` : ''}
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <h2 className="mb-2 text-lg font-semibold">{t('orders.clip')}</h2>
          <OrderClipView order={order} />
        </div>
        <div className="min-w-0 space-y-6">
          <div>
            <h2 className="text-lg font-semibold">{t('orders.items')}</h2>
            <ul className="mt-2 space-y-1">
              {order.items.map((it, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's items never change order and may repeat a name
                <li key={`${i}-${it.name}`} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {t('orders.item', { quantity: it.quantity, name: it.name })}
                  </span>
                  <span className="tabular-nums">
                    {money(it.unitPriceMinor * it.quantity, order.currency, i18n.language)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-neutral-200 pt-2 font-semibold">
              <span>{t('orders.total')}</span>
              <span className="tabular-nums" data-testid="order-total">
                {money(order.totalMinor, order.currency, i18n.language)}
              </span>
            </p>
          </div>
          <DisputePanel order={order} uid={uid} />
        </div>
      </div>
    </>
  );
}

function OrderClipView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  // The clip's end is cut to when the screen opened: an order of the last minutes is still being recorded.
  const [openedAt] = useState(() => Date.now());
  if (!order.clip) return <p className="rounded-md bg-neutral-100 p-3">{t('orders.noTill')}</p>;
  if (!order.recorded) return <p className="rounded-md bg-neutral-100 p-3">{t('orders.notRecorded')}</p>;
  return (
    <VideoPlayer
      url={clipPlaylist(order.clip, openedAt)}
      startAt={(f) => orderStart(f, order.placedAt)}
      headers={authHeaders}
      autoPlay
      label={t('orders.clipOf', { id: order.orderId })}
      snapshotName={`${order.orderId}`}
    />
  );
}
