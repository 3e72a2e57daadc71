import '../../../shared/i18n/cameras.texts.ts';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCameraGroups } from '../../../shared/camera-groups/use-camera-groups.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { inputClass, linkClass } from '../../../shared/ui/styles.ts';
import { addLayout, loadLayouts } from '../layouts.ts';
import { badgeOf } from '../status-badge.ts';
import { useCameraData } from '../use-camera-data.ts';
import {
  filtered,
  loadFilters,
  loadGrid,
  loadOrder,
  move,
  ordered,
  saveFilters,
  saveGrid,
  saveOrder,
} from '../view-prefs.ts';
import { CameraFilters } from './CameraFilters.tsx';
import { CameraGrid } from './CameraGrid.tsx';
import { CameraRow } from './CameraRow.tsx';

/** /cameras and /cameras/grid: every camera as a list or a live grid, filtered and ordered as stored locally. */
export function CamerasPage({ forceGrid = false }: { forceGrid?: boolean }) {
  const { t } = useTranslation();
  const { brand, demo } = useShell();
  const to = useShellPath();
  const navigate = useNavigate();
  const title = t(forceGrid ? 'routes.cameraGrid' : 'routes.cameras');
  usePageTitle(title, brand.name);
  const { cameras, statuses } = useCameraData();
  const [filters, setFilters] = useState(loadFilters);
  const [grid, setGrid] = useState(() => (forceGrid ? { ...loadGrid(), view: 'grid' as const } : loadGrid()));
  const [order, setOrder] = useState(loadOrder);
  const [layoutName, setLayoutName] = useState('');
  const [layoutError, setLayoutError] = useState<string | undefined>();
  const groups = useCameraGroups();

  const shown = useMemo(() => {
    const badges = new Map(
      (cameras.data ?? []).map((c) => [c.uidd as string, badgeOf(statuses.get(c.uidd))]),
    );
    return filtered(ordered(cameras.data ?? [], order), filters, badges, groups);
  }, [cameras.data, statuses, order, filters, groups]);

  const onMove = (uidd: string, by: -1 | 1) => {
    const next = move(ordered(cameras.data ?? [], order), uidd, by);
    setOrder(next);
    saveOrder(next);
  };
  const saveLayout = () => {
    const l = addLayout(
      layoutName,
      shown.map((c) => c.uidd),
      grid.columns,
    );
    if (!l) return setLayoutError(t('cameras.layoutNameTaken'));
    setLayoutError(undefined);
    setLayoutName('');
    void navigate(to(`/cameras/layouts/${l.id}`));
  };
  const layouts = loadLayouts();

  return (
    <section className="mx-auto w-full max-w-[1400px] px-4 py-6 sm:px-6" data-route-id="cameras">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="flex items-center gap-3 text-sm">
          <Link className={linkClass} to={to('/cameras/presentations/all')}>
            {t('cameras.present')}
          </Link>
          {!demo && (
            <Link className={linkClass} to={to(paths.install)}>
              {t('cameras.addCamera')}
            </Link>
          )}
        </div>
      </div>
      <CameraFilters
        cameras={cameras.data ?? []}
        filters={filters}
        grid={grid}
        onFilters={(f) => {
          setFilters(f);
          saveFilters(f);
        }}
        onGrid={(g) => {
          setGrid(g);
          saveGrid(g);
        }}
      />
      {layouts.length > 0 && (
        <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t('cameras.layouts')}>
          {layouts.map((l) => (
            <Link
              key={l.id}
              className="rounded-full border border-neutral-300 px-3 py-1 hover:bg-neutral-100"
              to={to(`/cameras/layouts/${l.id}`)}
            >
              {l.name}
            </Link>
          ))}
        </nav>
      )}
      <div className="mt-4">
        {cameras.isPending ? (
          <p className="text-neutral-600">{t('app.loading')}</p>
        ) : (cameras.data ?? []).length === 0 ? (
          <p className="rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center text-neutral-600">
            {t('cameras.none')}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-neutral-600">{t('cameras.noneMatch')}</p>
        ) : grid.view === 'grid' ? (
          <CameraGrid cameras={shown} statuses={statuses} columns={grid.columns} onMove={onMove} />
        ) : (
          <ul
            className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white px-3"
            data-testid="camera-list"
          >
            {shown.map((c) => (
              <CameraRow
                key={c.uidd}
                camera={c}
                status={statuses.get(c.uidd)}
                onMove={(by) => onMove(c.uidd, by)}
              />
            ))}
          </ul>
        )}
      </div>
      {grid.view === 'grid' && shown.length > 0 && (
        <form
          className="mt-4 flex flex-wrap items-start gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            saveLayout();
          }}
        >
          <label className="flex-1">
            <span className="sr-only">{t('cameras.layoutName')}</span>
            <input
              className={`${inputClass} mt-0 py-1.5 text-sm`}
              placeholder={t('cameras.layoutName')}
              value={layoutName}
              onChange={(e) => setLayoutName(e.target.value)}
              aria-invalid={layoutError ? true : undefined}
            />
            {layoutError && <span className="mt-1 block text-red-700">{layoutError}</span>}
          </label>
          <button
            type="submit"
            className="rounded-md border border-neutral-300 bg-white px-3 py-1.5 hover:bg-neutral-50"
            disabled={!layoutName.trim()}
          >
            {t('cameras.newLayout')}
          </button>
        </form>
      )}
    </section>
  );
}
