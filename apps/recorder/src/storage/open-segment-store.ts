import type { RecorderLog } from '../log.ts';
import { LocalSegmentStore, type SegmentStore } from './segment-store.ts';

/** Where recordings are kept (decision 0619): this host's disk, or an S3 bucket (any S3-compatible server). */
export type SegmentStoreSettings =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      root: string;
      /** Staged copies of bucket files for ffmpeg (clips, stills). */
      stagingDir: string;
      /** Unset: AWS's own endpoint for the region. */
      endpoint?: string | undefined;
      region: string;
      bucket: string;
      prefix: string;
      /** Unset: the SDK's default chain (environment, instance role). */
      credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Keep a file on this disk this long after its upload. */
      keepLocalMs: number;
      log: RecorderLog;
    };

/**
 * The store the settings name. The S3 client is loaded only for an S3 store: the embedded default never pays for it.
 * An S3 store starts uploading what an earlier run left on this disk at once.
 */
export async function openSegmentStore(s: SegmentStoreSettings): Promise<SegmentStore> {
  if (s.kind === 'local') return new LocalSegmentStore(s.root);
  const [{ S3Client }, { S3SegmentStore }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-segment-store.ts'),
  ]);
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint, forcePathStyle: true } : {}),
    ...(s.credentials ? { credentials: s.credentials } : {}),
    // An unreachable bucket must fail an upload soon, not hold the queue: it is retried (the file waits here).
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
  });
  const store = new S3SegmentStore({
    root: s.root,
    stagingDir: s.stagingDir,
    client,
    bucket: s.bucket,
    endpoint: s.endpoint,
    region: s.region,
    prefix: s.prefix,
    keepLocalMs: s.keepLocalMs,
    log: s.log,
  });
  await store.start();
  return store;
}
