import type { OrdersDashboard } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useTimeZone } from '../../../shared/session/time-zone.ts';
import { addDays, dayOf, dayStart } from '../../../shared/time/zoned.ts';
import { useOrdersDashboard } from '../api/dashboard.ts';
import { useTakeawayAccount } from '../use-account.ts';
import '../../../shared/i18n/orders.texts.ts';

const DAYS_SHOWN = 7;

/** /dashboard for a takeaway's end users (spec 000 §1–2): orders and disputes per day over the last week. */
export function TakeawayDashboard() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('orders.dashboard.title'), brand.name);
  const tz = useTimeZone();
  const { uid } = useTakeawayAccount();
  const [today] = useState(() => dayOf(Date.now(), tz));
  const range = useMemo(() => {
    return { from: dayStart(addDays(today, 1 - DAYS_SHOWN), tz), to: dayStart(addDays(today, 1), tz), tz };
  }, [today, tz]);
  const dash = useOrdersDashboard(uid, range);
  const days = dash.data?.days ?? [];
  return (
    <section className="mx-auto w-full max-w-[1000px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('orders.dashboard.title')}</h1>
      <p className="text-neutral-700">{t('orders.dashboard.range')}</p>
      <p className="text-sm text-neutral-600" aria-live="polite">
        {dash.isError ? t('orders.failed') : dash.isPending ? t('orders.loading') : ''}
      </p>
      {dash.data && (
        <dl className="mt-4 grid grid-cols-3 gap-3" data-testid="dispute-totals">
          {(['open', 'won', 'lost'] as const).map((k) => (
            <div key={k} className="rounded-lg border border-neutral-200 bg-white p-3">
              <dt className="text-sm text-neutral-600">{t(`orders.dashboard.${k}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{dash.data.disputes[k]}</dd>
            </div>
          ))}
        </dl>
      )}
      <DaysTable days={days} />
    </section>
  );
}

/** The figures per day, with a bar each (the bars are hidden from screen readers: the figures say it). */
function DaysTable({ days }: { days: OrdersDashboard['days'] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.orders));
  return (
    <table
      className="mt-4 w-full rounded-lg border border-neutral-200 bg-white text-sm"
      data-testid="orders-per-day"
    >
      <caption className="py-2 text-left font-semibold">{t('orders.dashboard.chart')}</caption>
      <thead className="bg-neutral-50">
        <tr>
          <th scope="col" className="px-3 py-2 text-left">
            {t('orders.day')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('orders.dashboard.orders')}
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            {t('orders.dashboard.disputes')}
          </th>
          <th scope="col" className="w-1/3 px-3 py-2 text-left text-xs font-normal text-neutral-700">
            {/* The bars' key: the figures beside them are what a screen reader reads. */}
            <span aria-hidden="true">
              <span className="mr-1 inline-block h-2 w-3 rounded bg-accent" /> {t('orders.dashboard.orders')}{' '}
              <span className="mr-1 ml-2 inline-block h-2 w-3 rounded bg-neutral-700" />{' '}
              {t('orders.dashboard.disputes')}
            </span>
            <span className="sr-only">{t('orders.dashboard.chart')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day} className="border-t border-neutral-100">
            <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal tabular-nums">
              {d.day}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{d.orders}</td>
            <td className="px-3 py-2 text-right tabular-nums">{d.disputes}</td>
            <td className="px-3 py-2" aria-hidden="true">
              <div className="h-3 rounded bg-accent" style={{ width: `${(d.orders / max) * 100}%` }} />
              {d.disputes > 0 && (
                <div
                  className="mt-1 h-2 rounded bg-neutral-700"
                  style={{ width: `${(d.disputes / max) * 100}%` }}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
