import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CamerasModule } from '../cameras/module.ts';
import type { LicencesService } from '../licences/licences-service.ts';
import { PtzConfigService } from './ptz-config-service.ts';
import { ptzConfigRoutes } from './ptz-routes.ts';
import { RecordingConfigService } from './recording-config-service.ts';
import { cameraConfigRoutes } from './routes.ts';
import { talkbackRoutes } from './talkback-routes.ts';
import { TalkbackService } from './talkback-service.ts';

/** Builds the camera-config feature: a camera's recording and PTZ settings (spec 001 §7 Configuration). */
export function createCameraConfig(d: {
  cameras: Pick<CamerasModule, 'access' | 'settings' | 'directory' | 'ptz' | 'speaker'>;
  licences: LicencesService;
}) {
  const recording = new RecordingConfigService({
    access: d.cameras.access,
    cameras: d.cameras.settings,
    licences: d.licences,
  });
  const ptz = new PtzConfigService(d.cameras);
  const talkback = new TalkbackService(d.cameras);
  const routes: FeatureRoutes = async (app) => {
    await app.register(cameraConfigRoutes, { recording });
    await app.register(ptzConfigRoutes, { ptz });
    await app.register(talkbackRoutes, { talkback });
  };
  return { recording, routes };
}
