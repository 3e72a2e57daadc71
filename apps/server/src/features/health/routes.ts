import type { HealthResult } from '@vigil/contracts';
import type { DatabaseKind, Db } from '@vigil/db';
import type { StorageState } from '@vigil/recorder';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export async function healthRoutes(
  app: FastifyInstance,
  d: {
    db: Db;
    kind: DatabaseKind;
    region: string;
    version: string;
    /** The recorder's storage watermark, where this server records (decision 0208). */
    storage?: (() => StorageState | undefined) | undefined;
  },
) {
  app.get('/health', { config: { auth: 'none' } }, async (): Promise<HealthResult> => {
    await sql`select 1`.execute(d.db);
    const s = d.storage?.();
    // Degraded, not failed (200): sign-in and playback still work; a load balancer must not take it out.
    return {
      status: s?.state === 'full' ? 'degraded' : 'ok',
      version: d.version,
      region: d.region,
      database: d.kind,
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
    };
  });
}
