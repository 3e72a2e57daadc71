import { join } from 'node:path';
import { openSegmentStore, type RecorderLog, type SegmentStore } from '@vigil/recorder';
import type { Config } from '../../config.ts';

/**
 * The process' segment store from its configuration (decision 0619): the recorder in this process writes through it
 * and the recordings feature reads through it, so both see one store. SEGMENT_STORE=s3: segments are uploaded to
 * S3_BUCKET as they close; staged copies for ffmpeg go to DATA_DIR/segment-staging (the same disk as the
 * recordings, so a file still here is hard-linked, not copied).
 */
export function openConfiguredSegmentStore(config: Config, log: RecorderLog): Promise<SegmentStore> {
  const root = join(config.DATA_DIR, 'recordings');
  if (config.SEGMENT_STORE === 'local') return openSegmentStore({ kind: 'local', root });
  return openSegmentStore({
    kind: 's3',
    root,
    stagingDir: join(config.DATA_DIR, 'segment-staging'),
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? '',
    prefix: config.S3_PREFIX,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    keepLocalMs: config.SEGMENT_LOCAL_KEEP_MIN * 60_000,
    log,
  });
}
