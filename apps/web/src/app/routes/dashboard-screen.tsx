import { DashboardPage } from '../../features/dashboard/components/DashboardPage.tsx';
import { MotionSettingsButton } from '../../features/motion-settings/components/MotionSettingsButton.tsx';

/** /dashboard composed with the motion settings of each camera (features do not import each other). */
export function DashboardScreen() {
  return <DashboardPage cameraActions={(uidd, name) => <MotionSettingsButton uidd={uidd} name={name} />} />;
}
