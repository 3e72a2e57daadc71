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

export const HealthResult = z.object({
  /** 'degraded': the server answers, but something needs support (a full recordings disk). Still HTTP 200. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  region: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** Present where this server runs the recorder. */
  storage: HealthStorage.optional(),
});
export type HealthResult = z.infer<typeof HealthResult>;
