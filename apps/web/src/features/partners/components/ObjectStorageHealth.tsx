import '../../../shared/i18n/partners.texts.ts';
import type { HealthObjectStorage } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime, useTimeZone } from '../../../shared/session/time-zone.ts';
import { Block, badge } from './Page.tsx';

/**
 * The object-storage tier of this server (decision 0857): whether recordings move to a bucket, and if so whether it
 * answers, the last upload, what waits to move and the last failure.
 */
export function ObjectStorageHealth({ bucket }: { bucket: HealthObjectStorage }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const when = (ms: number | null | undefined) =>
    ms === null || ms === undefined
      ? t('healthScreen.bucket.never')
      : formatDateTime(ms, i18n.language, zone);
  return (
    <Block title={t('healthScreen.bucket.title')} id="health-bucket">
      {!bucket.configured ? (
        <p>{t('healthScreen.bucket.notConfigured')}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-neutral-200 bg-white p-4">
          <dt className="text-neutral-600">{t('healthScreen.bucket.name')}</dt>
          <dd className="break-all">
            {bucket.bucket}{' '}
            <span className={badge(bucket.reachable !== false)}>
              {bucket.reachable === false
                ? t('healthScreen.bucket.unreachable')
                : t('healthScreen.bucket.reachable')}
            </span>
          </dd>
          <dt className="text-neutral-600">{t('healthScreen.bucket.lastUpload')}</dt>
          <dd>{when(bucket.lastUploadAt)}</dd>
          <dt className="text-neutral-600">{t('healthScreen.bucket.backlog')}</dt>
          <dd data-testid="bucket-backlog">{bucket.backlog ?? 0}</dd>
          {bucket.lastError && (
            <>
              <dt className="text-neutral-600">{t('healthScreen.bucket.lastError')}</dt>
              <dd className="text-red-800">
                {bucket.lastError} · {when(bucket.lastErrorAt)}
              </dd>
            </>
          )}
        </dl>
      )}
    </Block>
  );
}
