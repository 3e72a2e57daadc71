import { z } from 'zod';

/**
 * GET /health. `database` names the kind; `databaseStatus` is what a real query found just now (decision 0015):
 * 'busy' (another connection holds the lock) or 'down' answer 503 with status 'unavailable'.
 */
export const HealthResult = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  region: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  databaseStatus: z.enum(['up', 'busy', 'down']),
  /** With a recorder in the process: segment rows recorded and not yet in the database. */
  pendingIndexRows: z.number().optional(),
});
export type HealthResult = z.infer<typeof HealthResult>;
