import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '@vigil/db';
import type { Interval } from './coverage.ts';

export interface IndexCheck {
  /** Recorded intervals of each camera's main stream, from the segments table. */
  recorded: Map<string, Interval[]>;
  rows: number;
  /** Closed segment files (.m4s) that no row names. */
  orphanFiles: string[];
  /** Rows whose file is not on disk. */
  rowsWithoutFiles: string[];
  /** Open segments (.part) left on disk: what the next start's recovery would index. */
  partFiles: string[];
}

/** Compares the segments table with the files under `<dataDir>/recordings` (read after the server stopped). */
export async function checkSegmentIndex(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<IndexCheck> {
  const root = join(dataDir, 'recordings');
  const handle = openDb({ databaseUrl, sqlitePath: join(dataDir, 'vigil.sqlite') });
  try {
    const rows = await handle.db
      .selectFrom('segments')
      .select(['camera_uidd', 'stream', 'start_ms', 'end_ms', 'path'])
      .execute();
    let files: string[] = [];
    try {
      files = readdirSync(root, { recursive: true, encoding: 'utf8' });
    } catch {
      // No recordings directory: nothing was written.
    }
    const segmentFiles = new Set(files.filter((f) => f.endsWith('.m4s')));
    const indexed = new Set(rows.map((r) => r.path));
    const recorded = new Map<string, Interval[]>();
    for (const r of rows) {
      if (r.stream !== 'main') continue;
      const list = recorded.get(r.camera_uidd) ?? [];
      list.push([Number(r.start_ms), Number(r.end_ms)]);
      recorded.set(r.camera_uidd, list);
    }
    return {
      recorded,
      rows: rows.length,
      orphanFiles: [...segmentFiles].filter((f) => !indexed.has(f)),
      rowsWithoutFiles: [...indexed].filter((p) => !segmentFiles.has(p)),
      partFiles: files.filter((f) => f.endsWith('.part')),
    };
  } finally {
    await handle.destroy();
  }
}
