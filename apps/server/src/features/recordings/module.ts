import type { Db } from '@vigil/db';
import { type SegmentStore, SegmentsRepository } from '@vigil/recorder';
import type { Config } from '../../config.ts';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRows } from '../access/ports.ts';
import type { EvidenceExports } from '../evidence/evidence-service.ts';
import type { ShareService } from '../sharing/share-service.ts';
import { JobLimiter } from './ffmpeg-jobs.ts';
import { FileGrants } from './file-grants.ts';
import { RecordingsService } from './recordings-service.ts';
import { recordingRoutes } from './routes.ts';
import { SessionsRepository } from './sessions-repository.ts';
import { VideoAccess } from './video-access.ts';

/** Exports and streams at once (each mostly file copying); more wait their turn. */
const MAX_CONCURRENT_EXPORTS = 4;
/** Stills decoding at once (each decodes up to a keyframe interval of video). */
const MAX_CONCURRENT_STILLS = 2;

/**
 * Builds the recordings feature for buildApp. It reads the segment index and the files through the segment store
 * (DATA_DIR/recordings, or a bucket), so it works whether the recorder runs in this process or on another host.
 */
export function createRecordings(d: {
  db: Db;
  config: Config;
  secret: string;
  cameraAccess: CameraAccess;
  /** The cameras feature's reads: a share link's visitor has no caller to ask CameraAccess with. */
  cameraRows: Pick<CameraRows, 'find'>;
  shares: ShareService;
  /** Clip downloads recorded as evidence exports (decision 0506). */
  evidence: EvidenceExports;
  callerOfToken: (token: string) => Promise<Caller | undefined>;
  seriesLive: (seriesId: string) => Promise<boolean>;
  now: () => number;
  /** The app's clock (tests move it): how long a re-checked file grant holds (decision 0016). */
  appNow: () => number;
  /** The recorder holding a segment, when another host (features/media-hosts, decision 0601). */
  fileHost?: (recorderId: string | undefined) => Promise<{ at?: string; offline?: string }>;
  /** Where the recorded files are (decision 0619): the process' one store, shared with its recorder. */
  store: SegmentStore;
}): { recordings: RecordingsService; routes: FeatureRoutes } {
  const recordings = new RecordingsService({
    segments: new SegmentsRepository(d.db),
    sessions: new SessionsRepository(d.db),
    cameraAccess: d.cameraAccess,
    video: new VideoAccess({
      cameras: d.cameraAccess,
      cameraRows: d.cameraRows,
      shares: d.shares,
      callerOfToken: d.callerOfToken,
      seriesLive: d.seriesLive,
      now: d.appNow,
    }),
    grants: new FileGrants(d.secret),
    fileHost: d.fileHost,
    store: d.store,
    ffmpegPath: d.config.FFMPEG_PATH,
    presignSec: d.config.SEGMENT_STORE === 's3' ? d.config.SEGMENT_PRESIGNED_SEC : 0,
    exports: new JobLimiter(MAX_CONCURRENT_EXPORTS),
    stills: new JobLimiter(MAX_CONCURRENT_STILLS),
    now: d.now,
  });
  return {
    recordings,
    routes: (app) => app.register(recordingRoutes, { recordings, evidence: d.evidence }),
  };
}
