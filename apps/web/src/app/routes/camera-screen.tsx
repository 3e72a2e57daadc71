import { CameraPage } from '../../features/cameras/components/CameraPage.tsx';
import { MotionSettingsButton } from '../../features/motion-settings/components/MotionSettingsButton.tsx';

/** /cameras/:uidd composed with the camera's motion settings (features do not import each other). */
export function CameraScreen() {
  return <CameraPage cameraActions={(uidd, name) => <MotionSettingsButton uidd={uidd} name={name} />} />;
}
