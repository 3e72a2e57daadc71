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
});
export type HealthResult = z.infer<typeof HealthResult>;
