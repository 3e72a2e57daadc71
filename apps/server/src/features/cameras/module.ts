import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import { randomId } from '../../shared/random.ts';
import type { AccountAccess } from '../access/account-access.ts';
import { CameraAccess } from '../access/camera-access.ts';
import type { CameraRows } from '../access/ports.ts';
import type { SupportViewSink } from '../access/support-views.ts';
import type { UserDirectory } from '../auth/user-directory.ts';
import type { Resolver } from './address-policy.ts';
import { CameraDirectory } from './camera-directory.ts';
import { CameraSettings } from './camera-settings.ts';
import { CameraTally } from './camera-tally.ts';
import { CamerasRepository } from './cameras-repository.ts';
import { CamerasService, type CamerasServiceDeps } from './cameras-service.ts';
import { CredentialCipher } from './credentials.ts';
import { type InstallDeps, InstallService } from './install-service.ts';
import { type CameraProbe, FfprobeCameraProbe, ProbeLimiter } from './probe.ts';
import { type CameraPtzControl, OnvifPtz } from './ptz.ts';
import { CameraReprobe } from './reprobe.ts';
import { cameraRoutes } from './routes.ts';
import { type CameraSpeaker, RtspSpeaker } from './rtsp/speaker.ts';
import { type CameraStatusProvider, InMemoryCameraStatus } from './status-provider.ts';
import { type CameraStreamEncoders, OnvifStreamEncoders } from './stream-encoders.ts';
import { type CameraTasks, RecordedCameraTasks } from './tasks.ts';
import { ViewerSettingsRepository } from './viewer-settings-repository.ts';
import { ViewerSettingsService } from './viewer-settings-service.ts';

/** What the recorder (or a test) plugs in; each has an in-process default. */
export interface CameraIntegrations {
  statusProvider?: CameraStatusProvider;
  tasks?: CameraTasks;
  probe?: CameraProbe;
  resolve?: Resolver;
  /** Pan, tilt and zoom: ONVIF by default (docs/decisions/0307). */
  ptz?: CameraPtzControl;
  /** The speaker: the RTSP back-channel by default (decision 0709). */
  speaker?: CameraSpeaker;
  /** The cameras' stream encoders over ONVIF (decision 0714); a fake in tests. */
  streamEncoders?: CameraStreamEncoders;
}

/** What the rest of the process sees of cameras (app.services.cameras). */
export interface CamerasModule {
  access: CameraAccess;
  status: CameraStatusProvider;
  /** The default in-memory status board the in-process recorder reports to; absent when a provider was given. */
  statusBoard: InMemoryCameraStatus | undefined;
  tasks: CameraTasks;
  directory: CameraDirectory;
  /** The cameras table's reads for other features (access's `CameraRows` shape: sharing, recordings). */
  rows: CameraRows;
  /** The cameras table's writes other features ask for: motion settings, analytics, the demo's cameras. */
  settings: CameraSettings;
  /** The cameras' PTZ over ONVIF, for their presets (features/camera-config, decision 0705). */
  ptz: CameraPtzControl;
  /** The cameras' speakers over the RTSP back-channel, for two-way audio (features/camera-config, 0709). */
  speaker: CameraSpeaker;
  streamEncoders: CameraStreamEncoders;
  /** Probes an installed camera again (support's tool, decision 0721). */
  reprobe: CameraReprobe;
  /** The health screen's counts and pages of cameras (decision 0747). */
  tally: CameraTally;
}

/** Probes running at once; more wait. Each probe is one short ffprobe process. */
const MAX_CONCURRENT_PROBES = 4;
const limitedProbe = (probe: CameraProbe) => new ProbeLimiter(probe, MAX_CONCURRENT_PROBES);
/** Which camera addresses are allowed, and the logger and live host a new camera gets: one origin by default, this
 * server (docs/decisions/0301). */
const installHosts = (config: Config) => ({
  allowPrivateAddresses: config.ALLOW_PRIVATE_CAMERA_ADDRESSES,
  loggerUrl: config.publicUrl,
  liveUrl: config.VIDEO_SERVICE_URL ?? config.publicUrl,
});

export function createCameras(deps: {
  db: Db;
  config: Config;
  secret: string;
  organisations: Pick<UserDirectory, 'organisationsOf'>;
  accountAccess: AccountAccess;
  /** Where support's looks at pictures and video are recorded (decision 0017). */
  supportViews?: SupportViewSink;
  log: FastifyBaseLogger;
  now: () => number;
  integrations?: CameraIntegrations | undefined;
  /** Throws unless the account's e-mail address is confirmed (auth feature, decision 0009). */
  requireVerifiedEmail: (uid: string) => Promise<void>;
  /** The licences' check before an install (decision 0700); none: no limit. */
  requireCloudSlot?: (owner: string) => Promise<void>;
  /** livecommand's address on the camera's logger host when another recorder (features/media-hosts, 0601). */
  liveUrl?: CamerasServiceDeps['liveUrl'];
  /** Cameras installed on someone else's account, for its audit log (decision 0720). */
  onInstalledForOwner?: InstallDeps['onInstalledForOwner'];
}): { module: CamerasModule; routes: FeatureRoutes } {
  const { db, config, log, now } = deps;
  const i = deps.integrations ?? {};
  const cameras = new CamerasRepository(db);
  const access = new CameraAccess(cameras, deps.accountAccess, deps.supportViews);
  const cipher = new CredentialCipher(deps.secret);
  const statusBoard = i.statusProvider ? undefined : new InMemoryCameraStatus();
  const status = i.statusProvider ?? statusBoard!;
  const tasks = i.tasks ?? new RecordedCameraTasks();
  const probeTimeoutMs = config.CAMERA_PROBE_TIMEOUT_SEC * 1000;
  const probe = limitedProbe(
    i.probe ?? new FfprobeCameraProbe({ ffprobePath: config.FFPROBE_PATH, timeoutMs: probeTimeoutMs }),
  );
  const ptz = i.ptz ?? new OnvifPtz();
  const speaker = i.speaker ?? new RtspSpeaker({ ffmpegPath: config.FFMPEG_PATH, timeoutMs: probeTimeoutMs });
  const directory = new CameraDirectory(cameras, cipher);
  const install = new InstallService({
    ...(deps.onInstalledForOwner ? { onInstalledForOwner: deps.onInstalledForOwner } : {}),
    requireVerifiedEmail: deps.requireVerifiedEmail,
    requireCloudSlot: deps.requireCloudSlot,
    cameras,
    organisations: deps.organisations,
    access,
    probe,
    ptz,
    speaker,
    cipher,
    tasks,
    log,
    now,
    newDeviceId: randomId,
    probeTimeoutMs,
    ...installHosts(config),
    resolve: i.resolve,
  });
  const service = new CamerasService({
    cameras,
    access,
    status,
    tasks,
    ptz,
    directory,
    liveUrl: deps.liveUrl,
    log,
    now,
  });
  const viewer = new ViewerSettingsService({ access, settings: new ViewerSettingsRepository(db), now });
  return {
    module: {
      access,
      status,
      statusBoard,
      tasks,
      directory,
      rows: cameras,
      settings: new CameraSettings(cameras, tasks, now),
      ptz,
      speaker,
      streamEncoders: i.streamEncoders ?? new OnvifStreamEncoders(),
      reprobe: new CameraReprobe(directory, probe),
      tally: new CameraTally(cameras, status),
    },
    routes: (app) => app.register(cameraRoutes, { cameras: service, install, viewer }),
  };
}
