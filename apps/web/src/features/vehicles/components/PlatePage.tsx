import { normalisePlate } from '@vigil/contracts';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useSightings } from '../api/sightings.ts';
import { SightingsTable } from './SightingsTable.tsx';
import { useEventCameras } from './use-camera-names.ts';
import '../../../shared/i18n/vehicles.texts.ts';

/** /vehicles/:plate: every sighting of one plate on the person's cameras, each with its camera's recording. */
export function PlatePage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  const plate = normalisePlate(useParams().plate ?? '');
  const title = t('vehicles.platePage', { plate });
  usePageTitle(title, brand.name);
  const cameras = useEventCameras();
  const uidds = useMemo(() => cameras.list.map((c) => c.uidd), [cameras.list]);
  // At least two characters (spec 001 §5): a shorter address asks for nothing.
  const sightings = useSightings({ uidds: plate.length >= 2 ? uidds : [], plate });
  const rows = sightings.data ?? [];
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <Link className="text-sm text-blue-800 underline" to={to(paths.vehicles)}>
        {t('vehicles.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-neutral-600" aria-live="polite">
        {sightings.isError ? t('vehicles.failed') : sightings.isFetching ? t('vehicles.loading') : ''}
      </p>
      {rows.length > 0 ? (
        <SightingsTable rows={rows} cameraName={cameras.nameOf} withRecording />
      ) : (
        !sightings.isFetching && <p className="mt-4 text-neutral-600">{t('vehicles.none')}</p>
      )}
    </section>
  );
}
