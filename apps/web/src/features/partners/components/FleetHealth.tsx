import '../../../shared/i18n/partners.texts.ts';
import { HEALTH_CAMERAS_LISTED, type HealthCamera, type HealthRecorder } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { smallButton } from '../../../shared/ui/styles.ts';
import { useHealthCameras } from '../api/health.ts';
import { Block, badge, cardList } from './Page.tsx';

function CameraRows({ cameras, label }: { cameras: HealthCamera[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cardList} aria-label={label}>
      {cameras.map((c) => (
        <li key={c.uidd} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <span className="min-w-0 break-all">
            {c.name} <span className="text-sm text-neutral-600">{c.uidd}</span>
          </span>
          <span className={badge(c.state === 'recording')}>
            {t(`healthScreen.fleet.state.${c.state}`)}
            {c.reason ? ` · ${c.reason}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A list of problem cameras a page at a time (decision 0747): the first page comes with the screen's answer, the
 * others are asked for when the person pages to them.
 */
function PagedCameras({
  recorder,
  first,
  total,
  label,
}: {
  recorder: string | undefined;
  first: HealthCamera[];
  total: number;
  label: string;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  // Past the end (problems cleared since): back to the last page there is.
  const last = Math.max(0, Math.floor((total - 1) / HEALTH_CAMERAS_LISTED) * HEALTH_CAMERAS_LISTED);
  const at = Math.min(offset, last);
  const page = useHealthCameras(recorder, at, at > 0);
  const cameras = at === 0 ? first : (page.data?.cameras ?? []);
  if (total === 0) return null;
  return (
    <div className="space-y-2">
      <CameraRows cameras={cameras} label={label} />
      {total > HEALTH_CAMERAS_LISTED && (
        <nav
          className="flex flex-wrap items-center gap-3"
          aria-label={t('healthScreen.fleet.pages', { label })}
        >
          <button
            type="button"
            className={smallButton}
            disabled={at === 0}
            onClick={() => setOffset(Math.max(0, at - HEALTH_CAMERAS_LISTED))}
          >
            {t('healthScreen.fleet.previous')}
          </button>
          <span className="text-sm text-neutral-700" aria-live="polite">
            {t('healthScreen.fleet.range', {
              from: at + 1,
              to: Math.min(at + HEALTH_CAMERAS_LISTED, total),
              total,
            })}
          </span>
          <button
            type="button"
            className={smallButton}
            disabled={at >= last}
            onClick={() => setOffset(at + HEALTH_CAMERAS_LISTED)}
          >
            {t('healthScreen.fleet.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

function Recorder({ r }: { r: HealthRecorder }) {
  const { t } = useTranslation();
  const name = r.publicUrl ? `${r.id} (${r.publicUrl})` : r.id;
  const unlisted = r.counts.offline + r.counts.behind - r.problems;
  return (
    <section aria-label={t('healthScreen.fleet.recorder', { name: r.id })} className="space-y-2">
      <h3 className="break-all font-medium">
        {name}{' '}
        <span className={badge(r.alive && !r.draining)}>
          {!r.alive
            ? t('healthScreen.fleet.silent', { s: Math.round((r.heartbeatAgeMs ?? 0) / 1000) })
            : r.draining
              ? t('healthScreen.fleet.draining')
              : t('healthScreen.fleet.alive')}
        </span>
      </h3>
      <p className="text-sm text-neutral-700" data-testid="recorder-counts">
        {t('healthScreen.fleet.counts', r.counts)}
      </p>
      {unlisted > 0 && (
        <p className="text-sm text-neutral-700">{t('healthScreen.fleet.unreported', { count: unlisted })}</p>
      )}
      <PagedCameras
        recorder={r.id}
        first={r.cameras}
        total={r.problems}
        label={t('healthScreen.fleet.cameras', { name: r.id })}
      />
    </section>
  );
}

/**
 * The recorders of the fleet (one in a single process): each counted by state with its problem cameras a page at a
 * time, and the cameras no recorder holds.
 */
export function FleetHealth({
  recorders,
  unassigned,
  unassignedCount,
}: {
  recorders: HealthRecorder[];
  unassigned: HealthCamera[];
  unassignedCount: number;
}) {
  const { t } = useTranslation();
  return (
    <Block title={t('healthScreen.fleet.title')} id="health-fleet">
      {recorders.length === 0 && <p className="text-red-800">{t('healthScreen.fleet.none')}</p>}
      {recorders.map((r) => (
        <Recorder key={r.id} r={r} />
      ))}
      {unassignedCount > 0 && (
        <section aria-label={t('healthScreen.fleet.unassigned')} className="space-y-2">
          <h3 className="font-medium">
            {t('healthScreen.fleet.unassignedCount', { count: unassignedCount })}
          </h3>
          <PagedCameras
            recorder={undefined}
            first={unassigned}
            total={unassignedCount}
            label={t('healthScreen.fleet.unassigned')}
          />
        </section>
      )}
    </Block>
  );
}
