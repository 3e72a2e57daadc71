import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { LicencesService } from '../licences/licences-service.ts';
import { RecordingConfigService } from './recording-config-service.ts';
import { cameraConfigRoutes } from './routes.ts';

/** Builds the camera-config feature: a camera's recording settings (spec 001 §7 Configuration). */
export function createCameraConfig(d: {
  cameras: { access: CameraAccess; settings: CameraSettings };
  licences: LicencesService;
}) {
  const recording = new RecordingConfigService({
    access: d.cameras.access,
    cameras: d.cameras.settings,
    licences: d.licences,
  });
  const routes: FeatureRoutes = (app) => app.register(cameraConfigRoutes, { recording });
  return { recording, routes };
}
