import { randomBytes } from 'node:crypto';
import type { Db } from '@vigil/db';

/**
 * The server's signing secret: SECRET_KEY when set, else one generated on first start and kept in the database,
 * so every instance sharing the database signs and verifies alike.
 */
export async function serverSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const existing = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'signing')
    .executeTakeFirst();
  if (existing) return existing.value;
  const value = randomBytes(48).toString('base64url');
  // Two instances starting together on one database: the first insert wins and both read it back.
  await db
    .insertInto('server_secrets')
    .values({ name: 'signing', value, created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'signing')
    .executeTakeFirstOrThrow();
  return row.value;
}
