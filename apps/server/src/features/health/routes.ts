import { type HealthFleet, type HealthObjectStorage, HealthResult, type NatsStatus } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import type { StorageState } from '@vigil/recorder';
import type { FastifyInstance } from 'fastify';

/** Asks the database on every call (decision 0015): a probe or load balancer sees an outage as it happens. */
export async function healthRoutes(
  app: FastifyInstance,
  d: {
    database: Pick<DbHandle, 'kind' | 'probe'>;
    region: string;
    version: string;
    pendingIndexRows?: (() => number) | undefined;
    /** The recorder's storage watermark, where this server records (decision 0208). */
    storage?: (() => StorageState | undefined) | undefined;
    /** With NATS_URL: whether the connection is up now (decision 0613). */
    nats?: (() => NatsStatus) | undefined;
    /** ROLE server or recorder: the fleet as this process sees it (decision 0613). */
    fleet?: (() => Promise<HealthFleet>) | undefined;
    /** The object-storage tier (decision 0857): `{ configured: false }` on a local store. */
    objectStorage?: (() => HealthObjectStorage) | undefined;
  },
) {
  app.get(
    '/health',
    { config: { auth: 'none' }, schema: { response: { 200: HealthResult, 503: HealthResult } } },
    async (_req, reply): Promise<HealthResult> => {
      const databaseStatus = await d.database.probe();
      const up = databaseStatus === 'up';
      if (!up) reply.code(503).header('retry-after', '5');
      const s = d.storage?.();
      const nats = d.nats?.();
      const bucket = d.objectStorage?.();
      const bucketDown = bucket?.configured === true && bucket.reachable === false;
      // Read from the database: nothing when it is away (the 503 says so already).
      const fleet = up ? await d.fleet?.().catch(() => undefined) : undefined;
      return {
        // A full recordings disk, NATS or the bucket away is degraded, not failed (200): sign-in and playback still work, and
        // a load balancer must not take every server out; a database that does not answer is unavailable (503).
        status: !up
          ? 'unavailable'
          : s?.state === 'full' || (nats && nats !== 'up') || bucketDown
            ? 'degraded'
            : 'ok',
        version: d.version,
        region: d.region,
        database: d.database.kind,
        databaseStatus,
        ...(d.pendingIndexRows ? { pendingIndexRows: d.pendingIndexRows() } : {}),
        ...(s
          ? {
              storage: {
                state: s.state,
                totalBytes: s.totalBytes,
                freeBytes: s.freeBytes,
                requiredFreeBytes: s.requiredFreeBytes,
                recordingPaused: s.paused,
              },
            }
          : {}),
        ...(nats ? { natsStatus: nats } : {}),
        ...(fleet ? { fleet } : {}),
        ...(bucket ? { objectStorage: bucket } : {}),
      };
    },
  );
}
