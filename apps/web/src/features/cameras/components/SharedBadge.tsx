import '../../../shared/i18n/cameras.texts.ts';
import '../../../shared/i18n/permissions.texts.ts';
import type { Camera } from '@vigil/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** "Shared · View only" on a camera of another account, so the person knows why some actions are missing. */
export function SharedBadge({ camera }: { camera: Pick<Camera, 'permission'> }) {
  const { t } = useTranslation();
  const role = camera.permission.role;
  // The free partner demo has its own group ('Free partner demo'), not a sharing level.
  if (role === 'owner' || role === 'support' || role === 'installer' || role === 'partnerDemo') return null;
  return (
    <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900" data-testid="shared-badge">
      {t('cameras.sharedAs', { level: t(`permissions.levels.${role}`) })}
    </span>
  );
}
