import type { Db } from '@vigil/db';
import { PlateRecogniser } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { vehicleRoutes } from './routes.ts';
import { type KeyframeSource, VehicleAnalyser } from './vehicle-analyser.ts';
import { VehiclesRepository } from './vehicles-repository.ts';
import { VehiclesService } from './vehicles-service.ts';

/** Builds the vehicles feature: the LPR add-on (decisions 0790, 0791). */
export function createVehicles(d: {
  db: Db;
  config: Pick<Config, 'FFMPEG_PATH'>;
  access: CameraAccess;
  /** Recorded keyframes (the recordings feature); none without a recorder's files. */
  keyframe: KeyframeSource;
  log: FastifyBaseLogger;
  now: () => number;
  /** Tests hand in a recogniser; by default the real one (its thread starts with the first LPR event). */
  recogniser?: ConstructorParameters<typeof VehicleAnalyser>[0]['recogniser'];
}) {
  const repo = new VehiclesRepository(d.db);
  const analyser = new VehicleAnalyser({
    repo,
    recogniser: d.recogniser ?? new PlateRecogniser({ ffmpegPath: d.config.FFMPEG_PATH }),
    keyframe: d.keyframe,
    log: d.log,
    now: d.now,
  });
  const vehicles = new VehiclesService({ repo, access: d.access, now: d.now });
  const routes: FeatureRoutes = (app) => app.register(vehicleRoutes, { vehicles });
  return { analyser, routes };
}
