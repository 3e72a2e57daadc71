import type { PlateSighting } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import '../../../shared/i18n/vehicles.texts.ts';

/** Sightings as a table (scrolls sideways on a phone); the plate links to its page. */
export function SightingsTable({
  rows,
  cameraName,
  withRecording = false,
}: {
  rows: readonly PlateSighting[];
  cameraName: (uidd: string) => string;
  withRecording?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const to = useShellPath();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const cell = 'px-3 py-2 text-left';
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className="w-full min-w-[560px] text-sm" data-testid="sightings">
        <caption className="sr-only">{t('vehicles.tableCaption')}</caption>
        <thead className="bg-neutral-50 text-neutral-700">
          <tr>
            <th scope="col" className={cell}>
              {t('vehicles.plate')}
            </th>
            <th scope="col" className={cell}>
              {t('vehicles.camera')}
            </th>
            <th scope="col" className={cell}>
              {t('vehicles.firstSeen')}
            </th>
            <th scope="col" className={cell}>
              {t('vehicles.lastSeen')}
            </th>
            <th scope="col" className={cell}>
              {t('vehicles.side')}
            </th>
            <th scope="col" className={cell}>
              {t('vehicles.colour')}
            </th>
            {withRecording && (
              <th scope="col" className={cell}>
                {t('vehicles.recording')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-neutral-100" data-plate={r.licencePlate}>
              <th scope="row" className={`${cell} font-mono font-semibold`}>
                <Link className="text-blue-800 underline" to={to(paths.vehiclePlate(r.licencePlate))}>
                  {r.licencePlate}
                </Link>
                {r.licencePlateRegion && (
                  <span className="ml-2 text-xs font-normal text-neutral-500">
                    {t('vehicles.region', { region: r.licencePlateRegion })}
                  </span>
                )}
              </th>
              <td className={cell}>{cameraName(r.uidd)}</td>
              <td className={cell}>{time.format(r.firstSeen)}</td>
              <td className={cell}>{time.format(r.lastSeen)}</td>
              <td className={cell}>{t(`vehicles.sides.${r.location ?? 'unknown'}`)}</td>
              <td className={cell}>{r.colour ?? '—'}</td>
              {withRecording && (
                <td className={cell}>
                  <Link
                    className="text-blue-800 underline"
                    to={`${to(paths.playback)}?camera=${encodeURIComponent(r.uidd)}`}
                  >
                    {t('vehicles.recording')}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
