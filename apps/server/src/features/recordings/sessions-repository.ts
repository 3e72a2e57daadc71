import type { Db } from '@vigil/db';
import { sql } from 'kysely';

export interface SessionRow {
  uidd: string;
  startMs: number;
  endMs: number;
}

/**
 * Recording sessions straight from the segment index: gaps and islands in SQL (window functions, on SQLite and
 * PostgreSQL), so a day of many cameras comes back as a few rows per camera instead of 21 600 segments each.
 */
export class SessionsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Runs of segments closer than gapMs, overlapping [fromMs, toMs), per camera, oldest first (not clipped). */
  async sessions(
    uidds: readonly string[],
    stream: string,
    fromMs: number,
    toMs: number,
    gapMs: number,
  ): Promise<SessionRow[]> {
    if (uidds.length === 0) return [];
    // Segments last seconds: a start bound a minute early keeps the index range tight and still finds the one
    // that overlaps the window's start.
    const { rows } = await sql<{ uidd: string; start_ms: number | string; end_ms: number | string }>`
      with s as (
        select camera_uidd, start_ms, end_ms,
          case when start_ms - lag(end_ms) over (partition by camera_uidd order by start_ms) <= ${gapMs}
            then 0 else 1 end as brk
        from segments
        where camera_uidd in (${sql.join(uidds)}) and stream = ${stream}
          and start_ms >= ${fromMs - 60_000} and start_ms < ${toMs} and end_ms > ${fromMs}
      ), g as (
        select camera_uidd, start_ms, end_ms,
          sum(brk) over (partition by camera_uidd order by start_ms rows unbounded preceding) as grp
        from s
      )
      select camera_uidd as uidd, min(start_ms) as start_ms, max(end_ms) as end_ms
      from g group by camera_uidd, grp order by camera_uidd, start_ms
    `.execute(this.#db);
    return rows.map((r) => ({ uidd: r.uidd, startMs: Number(r.start_ms), endMs: Number(r.end_ms) }));
  }
}
