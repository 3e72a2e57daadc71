import { z } from 'zod';

export const HealthResult = z.object({
  status: z.literal('ok'),
  version: z.string(),
  region: z.string(),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResult = z.infer<typeof HealthResult>;
