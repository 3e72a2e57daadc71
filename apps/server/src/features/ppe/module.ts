import type { AnalyticsArea } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { decodeJpeg } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import { PpeAnalyser, type PpeAnalyserDeps } from './ppe-analyser.ts';
import { PpeRepository } from './ppe-repository.ts';
import { PpeService } from './ppe-service.ts';
import { ppeRoutes } from './routes.ts';

/** Builds the PPE feature (decisions 0870, 0871): the colour check on motion stills, violations, the switch. */
export function createPpe(d: {
  db: Db;
  config: Pick<Config, 'FFMPEG_PATH'>;
  access: CameraAccess;
  /** A camera's zones (features/analytics-rules): the safety zones are among them. */
  zonesOf: (uidd: string) => Promise<Pick<AnalyticsArea, 'id' | 'name' | 'points'>[]>;
  bus: PpeAnalyserDeps['bus'];
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const repo = new PpeRepository(d.db);
  const analyser = new PpeAnalyser({
    repo,
    zonesOf: d.zonesOf,
    decode: (jpeg) => decodeJpeg(d.config.FFMPEG_PATH, jpeg),
    bus: d.bus,
    log: d.log,
    now: d.now,
  });
  const ppe = new PpeService({ repo, access: d.access, now: d.now });
  const routes: FeatureRoutes = (app) => app.register(ppeRoutes, { ppe });
  return { analyser, routes };
}
