import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CamerasModule } from '../cameras/module.ts';
import type { LicencesService } from '../licences/licences-service.ts';
import { AudioConfigService } from './audio-config-service.ts';
import { PtzConfigService } from './ptz-config-service.ts';
import { ptzConfigRoutes } from './ptz-routes.ts';
import { RecordingConfigService } from './recording-config-service.ts';
import { cameraConfigRoutes } from './routes.ts';
import { StreamConfigService } from './stream-config-service.ts';
import { streamConfigRoutes } from './stream-routes.ts';
import { talkbackRoutes } from './talkback-routes.ts';
import { TalkbackService } from './talkback-service.ts';

/** Builds the camera-config feature: a camera's recording and PTZ settings (spec 001 §7 Configuration). */
export function createCameraConfig(d: {
  cameras: Pick<CamerasModule, 'access' | 'settings' | 'directory' | 'ptz' | 'streamEncoders' | 'speaker'>;
  licences: LicencesService;
}) {
  const recording = new RecordingConfigService({
    access: d.cameras.access,
    cameras: d.cameras.settings,
    licences: d.licences,
  });
  const ptz = new PtzConfigService(d.cameras);
  const stream = new StreamConfigService({ ...d.cameras, encoders: d.cameras.streamEncoders, probed: ptz });
  const audio = new AudioConfigService(d.cameras);
  const talkback = new TalkbackService(d.cameras);
  const routes: FeatureRoutes = async (app) => {
    await app.register(cameraConfigRoutes, { recording });
    await app.register(ptzConfigRoutes, { ptz });
    await app.register(streamConfigRoutes, { stream, audio });
    await app.register(talkbackRoutes, { talkback });
  };
  return { recording, routes };
}
