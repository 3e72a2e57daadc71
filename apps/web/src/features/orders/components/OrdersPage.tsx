import type { Order, OrderFilter } from '@vigil/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useTimeZone } from '../../../shared/session/time-zone.ts';
import { addDays, dayOf, dayStart, timeOf } from '../../../shared/time/zoned.ts';
import { inputClass, linkClass } from '../../../shared/ui/styles.ts';
import { useOrders } from '../api/orders.ts';
import { disputeOf, money, ORDER_STATUS_FILTERS } from '../model.ts';
import { useTakeawayAccount } from '../use-account.ts';
import { DisputeBadge } from './DisputeBadge.tsx';
import '../../../shared/i18n/orders.texts.ts';

/** /orders (spec 000 §2, takeaway end users): a day's orders, newest first, filtered by dispute state. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('orders.title'), brand.name);
  const tz = useTimeZone();
  const { uid, accounts } = useTakeawayAccount();
  // Another account's orders keep it in their links.
  const query = uid === accounts[0] ? '' : `?account=${encodeURIComponent(uid)}`;
  const [day, setDay] = useState(() => dayOf(Date.now(), tz));
  const [status, setStatus] = useState<'all' | OrderFilter>('all');
  const from = dayStart(day, tz);
  const to = dayStart(addDays(day, 1), tz);
  const orders = useOrders(uid, { from, to, status: status === 'all' ? undefined : status });
  return (
    <section className="mx-auto w-full max-w-[1000px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('orders.title')}</h1>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium text-neutral-800">
          {t('orders.day')}
          <input
            type="date"
            className={inputClass}
            value={day}
            required
            onChange={(e) => e.target.value && setDay(e.target.value)}
          />
        </label>
        <label className="block text-sm font-medium text-neutral-800">
          {t('orders.status')}
          <select
            className={inputClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as 'all' | OrderFilter)}
          >
            {ORDER_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`orders.filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-3 text-sm text-neutral-600" aria-live="polite">
        {orders.isError ? t('orders.failed') : orders.isPending ? t('orders.loading') : ''}
      </p>
      {orders.data?.length === 0 && <p className="mt-3">{t('orders.none')}</p>}
      {!!orders.data?.length && (
        <ul
          aria-label={t('orders.tableCaption')}
          className="mt-3 divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white"
        >
          {orders.data.map((o) => (
            <OrderRow key={o.id} order={o} query={query} tz={tz} language={i18n.language} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderRow(p: { order: Order; query: string; tz: string; language: string }) {
  const { order, query, tz, language } = p;
  const { t } = useTranslation();
  const shellPath = useShellPath();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-3" data-testid="order-row">
      <span className="w-14 tabular-nums text-neutral-700">{timeOf(order.placedAt, tz)}</span>
      <Link
        to={`${shellPath(`${paths.orders}/${encodeURIComponent(order.id)}`)}${query}`}
        className={`${linkClass} min-w-0 flex-1 break-all`}
        aria-label={t('orders.open', { id: order.orderId })}
      >
        {order.orderId}
      </Link>
      <span className="tabular-nums">{money(order.totalMinor, order.currency, language)}</span>
      {order.channel && <span className="text-sm text-neutral-600">{order.channel}</span>}
      <DisputeBadge state={disputeOf(order)} />
    </li>
  );
}
