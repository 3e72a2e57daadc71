import { createServer } from 'node:net';
import type { Db } from '@vigil/db';
import { sql } from 'kysely';

/** Test support for media routing (not a test file itself). */

/** A free loopback port, for a process whose public URL must be known before it listens. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/**
 * Registers a recorder as the lease manager does (its row in `recorders`). The table is migration 0600_fleet's
 * (another area): where it is absent, a minimal one is made; where it is there, its other required columns get
 * plain values by type, so this helper needs nothing else of its shape.
 */
export async function registerRecorder(db: Db, id: string, publicUrl: string): Promise<void> {
  type Column = { column_name: string; data_type: string; required: boolean | number };
  const { rows } = await sql<Column>`
    select column_name, data_type, (is_nullable = 'NO' and column_default is null) as required
    from information_schema.columns where table_name = 'recorders'`
    .execute(db)
    .catch(() =>
      // SQLite has no information_schema.
      sql<Column>`select name as column_name, lower(type) as data_type,
        ("notnull" = 1 and dflt_value is null and pk = 0) as required from pragma_table_info('recorders')`.execute(
        db,
      ),
    );
  if (rows.length === 0) {
    await sql`create table recorders (id text primary key, public_url text not null)`.execute(db);
  }
  const values: Record<string, unknown> = { id, public_url: publicUrl };
  for (const c of rows) {
    if (!c.required || c.column_name in values) continue;
    const t = c.data_type;
    values[c.column_name] = /bool/.test(t)
      ? false
      : /draining/.test(c.column_name)
        ? 0
        : /timestamp|date/.test(t)
          ? new Date()
          : /int|numeric|double|real/.test(t)
            ? c.column_name.includes('capacity')
              ? 200
              : Date.now()
            : '';
  }
  const cols = Object.keys(values);
  await sql`insert into recorders (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(
    cols.map((c) => values[c]),
  )})`.execute(db);
}
