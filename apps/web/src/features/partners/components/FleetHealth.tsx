import '../../../shared/i18n/partners.texts.ts';
import type { HealthCamera, HealthRecorder } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
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

function Recorder({ r }: { r: HealthRecorder }) {
  const { t } = useTranslation();
  const name = r.publicUrl ? `${r.id} (${r.publicUrl})` : r.id;
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
      <p className="text-sm text-neutral-700">{t('healthScreen.fleet.counts', r.counts)}</p>
      {r.cameras.length > 0 && (
        <CameraRows cameras={r.cameras} label={t('healthScreen.fleet.cameras', { name: r.id })} />
      )}
    </section>
  );
}

/** The recorders of the fleet (one in a single process) and the cameras on each, those with a problem first. */
export function FleetHealth({
  recorders,
  unassigned,
}: {
  recorders: HealthRecorder[];
  unassigned: HealthCamera[];
}) {
  const { t } = useTranslation();
  return (
    <Block title={t('healthScreen.fleet.title')} id="health-fleet">
      {recorders.length === 0 && <p className="text-red-800">{t('healthScreen.fleet.none')}</p>}
      {recorders.map((r) => (
        <Recorder key={r.id} r={r} />
      ))}
      {unassigned.length > 0 && (
        <CameraRows cameras={unassigned} label={t('healthScreen.fleet.unassigned')} />
      )}
    </Block>
  );
}
