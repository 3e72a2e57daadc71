import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { LiveGrants } from './live-hls/grants.ts';
import { LiveHls } from './live-hls/live-hls.ts';
import { liveHlsRoutes } from './live-hls/routes.ts';
import { liveRoutes } from './live-routes.ts';
import type { RecordingPort } from './recording.ts';
import { stillsRoutes } from './stills-routes.ts';

/**
 * Builds the recorder's routes: live over WebSocket, live HLS, stills. Without a recorder they answer that there is
 * no video. Starting the recorder itself is app.ts's (it wires five features into it).
 */
export function createLive(d: {
  recording: RecordingPort | undefined;
  access: CameraAccess;
  secret: string;
  seriesLive: (seriesId: string) => Promise<boolean>;
  recheckMs: number | undefined;
  /** The camera's logger host when another recorder (features/media-hosts, decision 0601): stills go there. */
  loggerOrigin?: ((logger: string) => Promise<string | undefined>) | undefined;
}): { routes: FeatureRoutes; closeAll: () => void } {
  const { recording, access } = d;
  const hls = recording ? new LiveHls(recording) : undefined;
  const routes: FeatureRoutes = async (app) => {
    await app.register(liveRoutes, {
      media: recording,
      access,
      seriesLive: d.seriesLive,
      recheckMs: d.recheckMs,
    });
    await app.register(liveHlsRoutes, { hls, access, grants: new LiveGrants(d.secret) });
    await app.register(stillsRoutes, { media: recording, access, loggerOrigin: d.loggerOrigin });
  };
  return { routes, closeAll: () => hls?.closeAll() };
}
