import { CameraSettingsPage } from '../../features/camera-settings/components/CameraSettingsPage.tsx';
import { MotionSettingsButton } from '../../features/motion-settings/components/MotionSettingsButton.tsx';

/** /cameras/:uidd/settings composed with the camera's motion settings (features do not import each other). */
export function CameraSettingsScreen() {
  return <CameraSettingsPage extra={(uidd, name) => <MotionSettingsButton uidd={uidd} name={name} />} />;
}
