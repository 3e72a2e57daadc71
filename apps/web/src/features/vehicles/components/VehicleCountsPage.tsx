import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useVehicleCounts } from '../api/counts.ts';
import { type CountsBy, type CountsRow, countRows, dateValue, dayRange } from '../model.ts';
import { DateRange, FIELD } from './DateRange.tsx';
import { useEventCameras } from './use-camera-names.ts';
import { VehicleTabs } from './VehicleTabs.tsx';
import '../../../shared/i18n/vehicles.texts.ts';

// The charting library is loaded with the chart only.
const CountsChart = lazy(() => import('./CountsChart.tsx').then((m) => ({ default: m.CountsChart })));
const WEEK_MS = 7 * 86_400_000;

/** The chart's figures as a table: buckets with at least one vehicle. */
function CountsTable({
  rows,
  names,
  caption,
  byText,
}: {
  rows: CountsRow[];
  names: string[];
  caption: string;
  byText: string;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className="w-full text-sm" data-testid="vehicle-counts">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {byText}
            </th>
            {names.map((n) => (
              <th key={n} scope="col" className="px-3 py-2 text-right">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((r) => names.some((n) => Number(r[n]) > 0))
            .map((r) => (
              <tr key={r.label} className="border-t border-neutral-100">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {r.label}
                </th>
                {names.map((n) => (
                  <td key={n} className="px-3 py-2 text-right tabular-nums">
                    {r[n]}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /vehicles/counts: vehicles (plate sightings, by first seen) per camera, by hour of the day or by day over a
 * range of days (decision 0792): a stacked bar chart and the same figures as a table.
 */
export function VehicleCountsPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.vehicleCounts'), brand.name);
  const cameras = useEventCameras();
  const [from, setFrom] = useState(() => dateValue(Date.now() - WEEK_MS));
  const [to, setTo] = useState(() => dateValue(Date.now()));
  const [by, setBy] = useState<CountsBy>('day');
  const range = useMemo(() => dayRange(from, to), [from, to]);
  const uidds = useMemo(() => cameras.list.map((c) => c.uidd), [cameras.list]);
  const counts = useVehicleCounts({ uidds, ...range });
  const rows = useMemo(
    () => countRows(counts.data ?? [], by, range, cameras.names),
    [counts.data, by, range, cameras.names],
  );
  const names = [...cameras.names.values()];
  const field = FIELD;
  const byText = by === 'hour' ? t('vehicles.byHour') : t('vehicles.byDay');
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.vehicleCounts')}</h1>
      <VehicleTabs />
      <div className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end">
        <DateRange
          from={from}
          to={to}
          onChange={(r) => {
            setFrom(r.from);
            setTo(r.to);
          }}
        />
        <label className="block text-sm">
          {t('vehicles.by')}
          <select className={field} value={by} onChange={(e) => setBy(e.target.value as CountsBy)}>
            <option value="day">{t('vehicles.byDay')}</option>
            <option value="hour">{t('vehicles.byHour')}</option>
          </select>
        </label>
      </div>
      <p className="mt-2 text-sm text-neutral-600" aria-live="polite">
        {counts.isError ? t('vehicles.failed') : counts.isFetching ? t('vehicles.loading') : ''}
      </p>
      <Suspense fallback={<div className="mt-4 h-72 sm:h-96" />}>
        <CountsChart rows={rows} cameras={names} label={t('vehicles.chartLabel', { by: byText })} />
      </Suspense>
      <CountsTable
        rows={rows}
        names={names}
        caption={t('vehicles.chartLabel', { by: byText })}
        byText={byText}
      />
    </section>
  );
}
