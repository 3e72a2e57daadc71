import { parsePlateQuery } from '@vigil/contracts';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { useSightings } from '../api/sightings.ts';
import { dateValue, dayRange, sightingsCsv } from '../model.ts';
import { DateRange, FIELD } from './DateRange.tsx';
import { LprSwitches } from './LprSwitches.tsx';
import { SightingsTable } from './SightingsTable.tsx';
import { useEventCameras } from './use-camera-names.ts';
import { VehicleTabs } from './VehicleTabs.tsx';
import { WatchLists } from './WatchLists.tsx';
import '../../../shared/i18n/vehicles.texts.ts';

const WEEK_MS = 7 * 86_400_000;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The plate search's hint and, after a refused search, why (announced). */
function SearchFeedback({
  hintId,
  errorId,
  error,
}: {
  hintId: string;
  errorId: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p id={hintId} className="mt-1 text-xs text-neutral-600">
        {t('vehicles.plateHint')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A plate search checked as the server checks it (spec 001 §5) before it is asked: `asked` is what passed. */
function usePlateSearch() {
  const { t } = useTranslation();
  const [plate, setPlate] = useState('');
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = parsePlateQuery(plate);
    if (plate.trim() && !p.ok) {
      setError(t(`vehicles.errors.${p.code}`));
      return;
    }
    setError(undefined);
    setAsked(plate.trim() || undefined);
  };
  return { plate, setPlate, asked, error, submit };
}

/** What the log is doing (announced) and the CSV export of the rows shown. */
function LogToolbar({
  status,
  disabled,
  onExport,
}: {
  status: string;
  disabled: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex items-center justify-between gap-3">
      <p className="text-sm text-neutral-600" aria-live="polite">
        {status}
      </p>
      <button
        type="button"
        className="rounded border border-neutral-300 px-3 py-2 text-sm disabled:opacity-50"
        disabled={disabled}
        onClick={onExport}
      >
        {t('vehicles.exportCsv')}
      </button>
    </div>
  );
}

/**
 * /vehicles: the plate log (decision 0792). A plate search checked as the server checks it (spec 001 §5: at
 * least two characters, * only at the ends) before it is sent, a camera and a range of days; the sightings newest
 * first, each plate linking to its page; the rows shown exported as CSV.
 */
export function VehiclesPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.vehicles'), brand.name);
  const ids = { plate: useId(), hint: useId(), error: useId() };
  const cameras = useEventCameras();
  const [camera, setCamera] = useState('');
  const [from, setFrom] = useState(() => dateValue(Date.now() - WEEK_MS));
  const [to, setTo] = useState(() => dateValue(Date.now()));
  const { plate, setPlate, asked, error, submit } = usePlateSearch();
  const uidds = useMemo(() => (camera ? [camera] : cameras.list.map((c) => c.uidd)), [camera, cameras.list]);
  const sightings = useSightings({ uidds, plate: asked, ...dayRange(from, to) });

  const rows = sightings.data ?? [];
  const field = FIELD;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.vehicles')}</h1>
      <VehicleTabs />
      <search aria-label={t('vehicles.search')}>
        <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[2fr_2fr_1fr_1fr_auto] sm:items-end">
          <label className="block text-sm" htmlFor={ids.plate}>
            {t('vehicles.plate')}
            <input
              id={ids.plate}
              className={`${field} font-mono uppercase`}
              value={plate}
              onChange={(e) => setPlate(e.target.value)}
              aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
              aria-invalid={error ? true : undefined}
              autoComplete="off"
              maxLength={32}
            />
          </label>
          <label className="block text-sm">
            {t('vehicles.camera')}
            <select className={field} value={camera} onChange={(e) => setCamera(e.target.value)}>
              <option value="">{t('vehicles.allCameras')}</option>
              {cameras.list.map((c) => (
                <option key={c.uidd} value={c.uidd}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <DateRange
            from={from}
            to={to}
            onChange={(r) => {
              setFrom(r.from);
              setTo(r.to);
            }}
          />
          <button type="submit" className="rounded bg-blue-700 px-4 py-2 text-sm font-medium text-white">
            {t('vehicles.find')}
          </button>
        </form>
      </search>
      <SearchFeedback hintId={ids.hint} errorId={ids.error} error={error} />
      <LogToolbar
        status={sightings.isError ? t('vehicles.failed') : sightings.isFetching ? t('vehicles.loading') : ''}
        disabled={rows.length === 0}
        onExport={() => download(`vehicles-${from}-${to}.csv`, sightingsCsv(rows, cameras.nameOf))}
      />
      {rows.length > 0 ? (
        <SightingsTable rows={rows} cameraName={cameras.nameOf} />
      ) : (
        !sightings.isFetching && (
          <p className="mt-4 text-neutral-600">
            {cameras.list.length ? t('vehicles.none') : t('vehicles.noCameras')}
          </p>
        )
      )}
      <LprSwitches cameras={cameras.list} />
      <WatchLists cameras={cameras.list} />
    </section>
  );
}
