import { Link } from 'react-router';
import { CameraPage } from '../../features/cameras/components/CameraPage.tsx';
import { MotionSettingsButton } from '../../features/motion-settings/components/MotionSettingsButton.tsx';
import { paths } from '../../shared/config/paths.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../shared/routing/shell.tsx';
import { actionButton } from '../../shared/ui/styles.ts';
import '../../shared/i18n/settings.texts.ts';

/** /cameras/:uidd composed with the camera's motion settings and a link to its settings screen. */
export function CameraScreen() {
  const { t } = useTranslation();
  const to = useShellPath();
  return (
    <CameraPage
      cameraActions={(uidd, name) => (
        <>
          <MotionSettingsButton uidd={uidd} name={name} />
          <Link className={actionButton} to={to(paths.cameraSettings(uidd))}>
            {t('cameraSettings.link')}
          </Link>
        </>
      )}
    />
  );
}
