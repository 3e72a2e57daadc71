import type { Db } from '@vigil/db';
import { Recogniser } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRows } from '../access/ports.ts';
import type { CameraSettings } from '../cameras/camera-settings.ts';
import type { LicencesService } from '../licences/licences-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { AnalyticsSettingsService } from './analytics-settings.ts';
import { EventLabeller, type RecognisedStill } from './event-labeller.ts';
import { MotionSampler, type MotionSamplerDeps, type SampledPicture } from './motion-sampler.ts';
import { analyticsRoutes } from './routes.ts';
import { DirectoryTrainingSamples } from './training-samples.ts';

/** Builds the labels feature: recognition labels of motion events (decision 0555) and the analytics switch. */
export function createLabels(d: {
  db: Db;
  config: Pick<Config, 'FFMPEG_PATH' | 'TRAINING_SAMPLES_DIR'>;
  cameras: { access: CameraAccess; rows: CameraRows; settings: CameraSettings };
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  licences: LicencesService;
  /** Alert rules (features/analytics-rules) look at what the recogniser saw. */
  onRecognised?: (r: RecognisedStill) => Promise<unknown>;
  /** People counting (decision 0794): the camera's live keyframes while motion lasts, and who counts them. */
  counting?: {
    picture: MotionSamplerDeps['picture'];
    wanted: (uidd: string) => Promise<boolean>;
    onPicture: (p: SampledPicture) => Promise<unknown>;
    onQuiet: (uidd: string) => void;
  };
}) {
  // Whether an owner consented to model training (billing's consents, decision 0743), bound once billing is built
  // (`trainingConsentFrom`); until then nobody has, so nothing is kept.
  let consented: (owner: string) => Promise<boolean> = async () => false;
  // Footage kept to train models: only with TRAINING_SAMPLES_DIR, only of owners who consented (decision 0743).
  const samples = d.config.TRAINING_SAMPLES_DIR
    ? new DirectoryTrainingSamples(d.config.TRAINING_SAMPLES_DIR)
    : undefined;
  // The recogniser's thread and model start with the first still of a camera with analytics (decision 0555).
  const recogniser = new Recogniser({ ffmpegPath: d.config.FFMPEG_PATH });
  const labeller = new EventLabeller({
    db: d.db,
    cameras: d.cameras.rows,
    recogniser,
    log: d.log,
    bus: d.bus,
    onRecognised: d.onRecognised,
    training: samples && { consented: (owner) => consented(owner), samples },
  });
  // One recogniser (thread, model, queue) for the events' stills and the counting cameras' pictures.
  const sampler =
    d.counting && new MotionSampler({ ...d.counting, cameras: d.cameras.rows, recogniser, log: d.log });
  const settings = new AnalyticsSettingsService({
    access: d.cameras.access,
    cameras: d.cameras.settings,
    licences: d.licences,
  });
  const routes: FeatureRoutes = (app) => app.register(analyticsRoutes, { settings });
  /** Consent withdrawn: what was kept of the owner for training is deleted. */
  const forgetTraining = async (owner: string) => samples?.forget(owner);
  const trainingConsentFrom = (fn: (owner: string) => Promise<boolean>) => {
    consented = fn;
  };
  return { labeller, sampler, routes, forgetTraining, trainingConsentFrom };
}
