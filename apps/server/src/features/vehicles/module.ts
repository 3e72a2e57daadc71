import type { Db } from '@vigil/db';
import { PlateRecogniser } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { AccountAccess } from '../access/account-access.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { vehicleRoutes } from './routes.ts';
import { type KeyframeSource, type PlatesSeen, VehicleAnalyser } from './vehicle-analyser.ts';
import { VehiclesRepository } from './vehicles-repository.ts';
import { VehiclesService } from './vehicles-service.ts';
import { watchListRoutes } from './watch-list-routes.ts';
import { WatchListsRepository } from './watch-lists-repository.ts';
import { WatchListsService } from './watch-lists-service.ts';

/** Builds the vehicles feature: the LPR add-on (decisions 0790, 0791) and the plate watch-lists (0796). */
export function createVehicles(d: {
  db: Db;
  config: Pick<Config, 'FFMPEG_PATH'>;
  access: CameraAccess;
  accounts: AccountAccess;
  /** Recorded keyframes (the recordings feature); none without a recorder's files. */
  keyframe: KeyframeSource;
  log: FastifyBaseLogger;
  now: () => number;
  /** Tests hand in a recogniser; by default the real one (its thread starts with the first LPR event). */
  recogniser?: ConstructorParameters<typeof VehicleAnalyser>[0]['recogniser'];
  /** Each analysed event's vehicles with what the watch-lists say of their plates (plate rules, decision 0796). */
  onPlates?: (seen: PlatesSeen) => Promise<unknown>;
}) {
  const repo = new VehiclesRepository(d.db);
  const lists = new WatchListsService({
    repo: new WatchListsRepository(d.db),
    access: d.accounts,
    now: d.now,
  });
  const analyser = new VehicleAnalyser({
    repo,
    recogniser: d.recogniser ?? new PlateRecogniser({ ffmpegPath: d.config.FFMPEG_PATH }),
    keyframe: d.keyframe,
    log: d.log,
    now: d.now,
    lists,
    onPlates: d.onPlates,
  });
  const vehicles = new VehiclesService({ repo, access: d.access, now: d.now });
  const routes: FeatureRoutes = async (app) => {
    await app.register(vehicleRoutes, { vehicles });
    await app.register(watchListRoutes, { lists });
  };
  return { analyser, lists, routes };
}
