import '../../../shared/i18n/dashboard.texts.ts';
import type { CameraStatus, Uidd } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useStatuses } from '../../../shared/cameras/statuses.ts';
import { can, useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useDayEvents } from '../api/dashboard.ts';
import { hourlyCounts } from '../hourly.ts';
import { HourlyChart } from './HourlyChart.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * /dashboard: events per camera per hour for the chosen day as a chart, and camera health at a glance (status,
 * last activity, events that day). `cameraActions` is what the route composes in per camera (motion settings).
 */
export function DashboardPage({
  cameraActions,
}: {
  cameraActions?: (uidd: string, name: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.dashboard'), brand.name);
  const [todayDate] = useState(today);
  const [day, setDay] = useState(todayDate);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d).getTime();
  const end = new Date(y, m - 1, d + 1).getTime() - 1;
  // The person's cameras and the shared ones (decision 0405), from the one camera list (0106).
  const cameras = useVisibleCameras();
  const uidds = useMemo(() => (cameras.data ?? []).map((c) => c.uidd as Uidd), [cameras.data]);
  const statuses = useStatuses(uidds);
  const statusesAt = statuses.dataUpdatedAt;
  // Events only of the cameras whose events the person may see (a live-only camera would refuse the whole call).
  const eventUidds = useMemo(
    () => (cameras.data ?? []).filter((c) => can(c, 'events')).map((c) => c.uidd as string),
    [cameras.data],
  );
  const events = useDayEvents(eventUidds, start, end);
  const counts = useMemo(() => hourlyCounts(events.data ?? [], start), [events.data, start]);
  const statusOf = statuses.data ?? new Map<Uidd, CameraStatus>();
  const series = (cameras.data ?? []).map((c) => ({
    name: c.name,
    counts: counts.get(c.uidd) ?? Array(24).fill(0),
  }));
  const ago = (ms: number | null) => {
    if (!ms) return t('dashboard.never');
    // Counted from when the statuses came (refreshed every 10 s), so rendering stays pure.
    const min = Math.round((statusesAt - ms) / 60_000);
    return min < 1
      ? t('dashboard.justNow')
      : min < 60
        ? t('dashboard.minutesAgo', { count: min })
        : new Date(ms).toLocaleString(i18n.language);
  };
  const badge: Record<string, string> = {
    online: 'bg-emerald-100 text-emerald-800',
    offline: 'bg-red-100 text-red-800',
    uninstalled: 'bg-neutral-200 text-neutral-700',
  };
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6" data-route-id="dashboard">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.dashboard')}</h1>
        <label className="text-sm">
          {t('dashboard.day')}
          <input
            type="date"
            value={day}
            max={todayDate}
            onChange={(e) => e.target.value && setDay(e.target.value)}
            className="ml-2 rounded border border-neutral-300 px-2 py-1"
          />
        </label>
      </div>
      <div className="mt-4">
        {cameras.isPending ? (
          <p className="text-neutral-600">{t('app.loading')}</p>
        ) : uidds.length === 0 ? (
          <p className="rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-600">
            {t('dashboard.noCameras')}
          </p>
        ) : (
          <HourlyChart series={series} />
        )}
      </div>
      {uidds.length > 0 && (
        <div className="mt-6 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full text-left text-sm" aria-label={t('dashboard.health')}>
            <caption className="px-3 pt-3 text-left font-medium">{t('dashboard.health')}</caption>
            <thead className="text-neutral-600">
              <tr>
                <th className="px-3 py-2 font-medium">{t('dashboard.camera')}</th>
                <th className="px-3 py-2 font-medium">{t('dashboard.status')}</th>
                <th className="px-3 py-2 font-medium">{t('dashboard.lastActivity')}</th>
                <th className="px-3 py-2 font-medium">{t('dashboard.eventsThatDay')}</th>
                <th className="hidden px-3 py-2 sm:table-cell">
                  <span className="sr-only">{t('dashboard.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(cameras.data ?? []).map((c) => {
                const s = statusOf.get(c.uidd);
                const status = c.uninstalled ? 'uninstalled' : (s?.status ?? 'offline');
                return (
                  <tr key={c.uidd} className="border-t border-neutral-100" data-testid="health-row">
                    <td className="px-3 py-2 font-medium">
                      {c.name}
                      {/* On a phone the actions go under the name rather than in a column off the screen. */}
                      <div className="mt-1 font-normal sm:hidden">
                        {can(c, 'cameraSettings') && cameraActions?.(c.uidd, c.name)}
                      </div>
                    </td>
                    <td className="px-3 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs ${badge[status]}`}>
                        {t(`dashboard.statuses.${status}`)}
                      </span>
                    </td>
                    <td className="px-3 py-2">{ago(s?.lastActivity ?? null)}</td>
                    <td className="px-3 py-2">{(counts.get(c.uidd) ?? []).reduce((a, b) => a + b, 0)}</td>
                    <td className="hidden px-3 py-2 text-right sm:table-cell">
                      {can(c, 'cameraSettings') && cameraActions?.(c.uidd, c.name)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
