import '../../../shared/i18n/cameras.texts.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Badge, OfflineReason } from '../status-badge.ts';

const COLOURS: Record<Badge, string> = {
  online: 'bg-green-700 text-white',
  offline: 'bg-neutral-600 text-white',
  uninstalled: 'bg-neutral-300 text-neutral-800',
  loading: 'bg-sky-700 text-white',
  standby: 'bg-amber-500 text-neutral-900',
  noVideo: 'bg-red-700 text-white',
  videoUnsupported: 'bg-purple-700 text-white',
};

/**
 * A camera's status badge (spec 001 §4), why it is offline when that is known, and a full recordings disk
 * (decision 0208).
 */
export function StatusBadge({
  badge,
  reason,
  storageFull = false,
}: {
  badge: Badge;
  reason?: OfflineReason | undefined;
  storageFull?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BadgeLabel badge={badge} />
      {storageFull && (
        <span
          data-testid="status-storage"
          title={t('cameras.storageFullHelp')}
          className="inline-flex items-center rounded bg-red-700 px-1.5 py-0.5 text-xs font-medium text-white"
        >
          {t('cameras.storageFull')}
        </span>
      )}
      {badge === 'offline' && reason && (
        <span
          data-testid="status-reason"
          className="inline-flex items-center rounded bg-neutral-800/80 px-1.5 py-0.5 text-xs text-white"
        >
          {t(`cameras.offlineReasons.${reason}`)}
        </span>
      )}
    </>
  );
}

function BadgeLabel({ badge }: { badge: Badge }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="status-badge"
      data-badge={badge}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ${COLOURS[badge]}`}
    >
      {badge === 'online' && <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-white" />}
      {t(`cameras.badges.${badge}`)}
    </span>
  );
}
