import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSupportHealth } from '../api/health.ts';
import { useHealth } from '../api/support.ts';
import { FleetHealth } from './FleetHealth.tsx';
import { HealthAlerts } from './HealthAlerts.tsx';
import { ObjectStorageHealth } from './ObjectStorageHealth.tsx';
import { Block, badge, Page } from './Page.tsx';
import { SlowestEndpoints } from './SlowestEndpoints.tsx';
import '../../../shared/i18n/partners.texts.ts';

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

/** /health (support only): the service's live state from GET /health, refreshed every 10 s. */
export function HealthPage() {
  const { t } = useTranslation();
  const health = useHealth();
  const h = health.data;
  const screen = useSupportHealth().data;
  return (
    <Page routeId="health">
      <p className="text-sm text-neutral-600">{t('healthScreen.refreshed')}</p>
      {health.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-red-800">
          {t('healthScreen.unavailable')}
        </p>
      )}
      {screen && <HealthAlerts health={screen} />}
      {h && (
        <Block title={t('healthScreen.service')} id="health-service">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4">
            <dt className="text-neutral-600">{t('healthScreen.status')}</dt>
            <dd>
              <span className={badge(h.status === 'ok')}>{h.status}</span>
            </dd>
            <dt className="text-neutral-600">{t('healthScreen.database')}</dt>
            <dd>
              {h.database} · {h.databaseStatus}
            </dd>
            <dt className="text-neutral-600">{t('healthScreen.version')}</dt>
            <dd>{h.version}</dd>
            <dt className="text-neutral-600">{t('healthScreen.region')}</dt>
            <dd>{h.region}</dd>
            {h.pendingIndexRows !== undefined && (
              <>
                <dt className="text-neutral-600">{t('healthScreen.pendingRows')}</dt>
                <dd>{h.pendingIndexRows}</dd>
              </>
            )}
          </dl>
        </Block>
      )}
      {h?.storage && (
        <Block title={t('healthScreen.storage')} id="health-storage">
          <p>{t('healthScreen.free', { free: gb(h.storage.freeBytes), total: gb(h.storage.totalBytes) })}</p>
          <p className="text-neutral-700">
            {t('healthScreen.watermark', { required: gb(h.storage.requiredFreeBytes) })}
          </p>
          {h.storage.recordingPaused && <p className="text-red-800">{t('healthScreen.paused')}</p>}
        </Block>
      )}
      {h?.objectStorage && <ObjectStorageHealth bucket={h.objectStorage} />}
      {screen && (
        <FleetHealth
          recorders={screen.recorders}
          unassigned={screen.unassigned}
          unassignedCount={screen.unassignedCount}
        />
      )}
      <SlowestEndpoints />
    </Page>
  );
}
