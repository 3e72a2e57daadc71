import type pg from 'pg';

/**
 * Bytes a row of `table` takes on disk with its indexes, at scale: the rows the recorder wrote are copied (new
 * ids, times shifted so index entries spread as a day's would) into a table made `LIKE` it with all its indexes
 * until it holds `rows`, then its total relation size is divided by its row count. A handful of real rows alone
 * would measure mostly empty pages.
 */
export async function bytesPerRow(
  c: pg.Client,
  table: 'segments' | 'events',
  rows = 50_000,
): Promise<number> {
  const have = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
  if (have === 0) return Number.NaN;
  const copy = `bench_rows_${table}`;
  await c.query(`DROP TABLE IF EXISTS ${copy}`);
  await c.query(`CREATE TABLE ${copy} (LIKE ${table} INCLUDING ALL)`);
  try {
    const columns = (
      await c.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
        [table],
      )
    ).rows.map((r) => r.column_name);
    // id: a fresh one of the same shape (segments: a uuid, events: 32 hex characters); start_ms/end_ms: k hours on.
    const values = columns.map((col) => {
      if (col === 'id')
        return table === 'segments' ? 'gen_random_uuid()::text' : "replace(gen_random_uuid()::text, '-', '')";
      if (col === 'start_ms' || col === 'end_ms') return `${col} + k::bigint * 3600000`;
      return col;
    });
    const copies = Math.ceil(rows / have);
    await c.query(
      `INSERT INTO ${copy} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table}, generate_series(1, ${copies}) AS k`,
    );
    await c.query(`VACUUM ANALYZE ${copy}`);
    const r = await c.query<{ bytes: string; n: string }>(
      `SELECT pg_total_relation_size('${copy}') AS bytes, (SELECT count(*) FROM ${copy}) AS n`,
    );
    return Math.round(Number(r.rows[0]?.bytes) / Number(r.rows[0]?.n));
  } finally {
    await c.query(`DROP TABLE IF EXISTS ${copy}`);
  }
}
