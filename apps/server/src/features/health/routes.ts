import type { HealthResult } from '@vigil/contracts';
import type { DatabaseKind, Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export async function healthRoutes(
  app: FastifyInstance,
  d: { db: Db; kind: DatabaseKind; region: string; version: string },
) {
  app.get('/health', { config: { auth: 'none' } }, async (): Promise<HealthResult> => {
    await sql`select 1`.execute(d.db);
    return { status: 'ok', version: d.version, region: d.region, database: d.kind };
  });
}
