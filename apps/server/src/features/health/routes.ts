import type { HealthResult } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { FastifyInstance } from 'fastify';

/** Asks the database on every call (decision 0015): a probe or load balancer sees an outage as it happens. */
export async function healthRoutes(
  app: FastifyInstance,
  d: {
    database: Pick<DbHandle, 'kind' | 'probe'>;
    region: string;
    version: string;
    pendingIndexRows?: (() => number) | undefined;
  },
) {
  app.get('/health', { config: { auth: 'none' } }, async (_req, reply): Promise<HealthResult> => {
    const databaseStatus = await d.database.probe();
    const up = databaseStatus === 'up';
    if (!up) reply.code(503).header('retry-after', '5');
    return {
      status: up ? 'ok' : 'unavailable',
      version: d.version,
      region: d.region,
      database: d.database.kind,
      databaseStatus,
      ...(d.pendingIndexRows ? { pendingIndexRows: d.pendingIndexRows() } : {}),
    };
  });
}
