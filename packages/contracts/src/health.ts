import { z } from 'zod';

/** The recordings' disk as the storage watermark last measured it (decision 0208). */
export const HealthStorage = z.object({
  /** 'full': the watermark cannot be kept even with every deletable recording deleted. */
  state: z.enum(['ok', 'full']),
  totalBytes: z.number(),
  freeBytes: z.number(),
  requiredFreeBytes: z.number(),
  /** Free space is below the database's reserve: no new recordings until there is room. */
  recordingPaused: z.boolean(),
});

/**
 * The object-storage tier as this process sees it (SEGMENT_STORE=s3, decision 0857). Only a process that records
 * uploads: a `ROLE=server` reads the bucket and has no uploads of its own (its recorders' /health tell theirs).
 */
export const HealthObjectStorage = z.object({
  /** False: recordings stay on the recorders' disks (SEGMENT_STORE=local); nothing else is given. */
  configured: z.boolean(),
  bucket: z.string().optional(),
  /** False from a failed upload or deletion until one succeeds again (uploads wait on the disk meanwhile). */
  reachable: z.boolean().optional(),
  /** Segments (and object deletions) waiting to move to the bucket. */
  backlog: z.number().optional(),
  /** The last successful upload, epoch ms; null: none since this process started. */
  lastUploadAt: z.number().nullable().optional(),
  /** The last failure, its kind only (no addresses): e.g. "upload failed: TimeoutError ECONNREFUSED". */
  lastError: z.string().nullable().optional(),
  lastErrorAt: z.number().nullable().optional(),
});
export type HealthObjectStorage = z.infer<typeof HealthObjectStorage>;

/**
 * A fleet's process (decision 0613): a server counts the recorders alive (heartbeat within the lease time); a
 * recorder names itself and how many camera leases it holds.
 */
export const HealthFleet = z.object({
  role: z.enum(['server', 'recorder']),
  recordersAlive: z.number().optional(),
  recorderId: z.string().optional(),
  leases: z.number().optional(),
  draining: z.boolean().optional(),
});
export type HealthFleet = z.infer<typeof HealthFleet>;

/**
 * GET /health. `database` names the kind; `databaseStatus` is what a real query found just now (decision 0015):
 * 'busy' (another connection holds the lock) or 'down' answer 503 with status 'unavailable'. 'degraded': the server
 * answers, but something needs support (a full recordings disk, decision 0208); still HTTP 200.
 */
export const HealthResult = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  version: z.string(),
  region: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  databaseStatus: z.enum(['up', 'busy', 'down']),
  /** With a recorder in the process: segment rows recorded and not yet in the database. */
  pendingIndexRows: z.number().optional(),
  /** Present where this server runs the recorder. */
  storage: HealthStorage.optional(),
  /**
   * With NATS_URL: the connection now ('down' while it reconnects; 'stalled' while connected but this server's
   * realtime consumer does not hand back its probes, decision 0712: degraded, not unavailable).
   */
  natsStatus: z.enum(['up', 'down', 'stalled']).optional(),
  /** ROLE server or recorder. */
  fleet: HealthFleet.optional(),
  /** The bucket recordings move to (decision 0857); unreachable is degraded, not unavailable. */
  objectStorage: HealthObjectStorage.optional(),
});
export type HealthResult = z.infer<typeof HealthResult>;
/** The realtime bus' state as /health reports it (decisions 0613, 0712). */
export type NatsStatus = NonNullable<HealthResult['natsStatus']>;
