import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../testing/harness.ts';

export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xd9]);

/** What the recorder leaves behind for a camera: two JPEGs and their row. */
export async function writeStills(t: TestApp, uidd: string): Promise<void> {
  const dir = join(tmpdir(), 'vigil-stills-test', uidd);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'thumb.jpg'), JPEG);
  writeFileSync(join(dir, 'still.jpg'), JPEG);
  const now = Date.now();
  await t.db.db
    .insertInto('camera_stills')
    .values({
      camera_uidd: uidd,
      thumb_path: join(dir, 'thumb.jpg'),
      thumb_ms: now,
      still_path: join(dir, 'still.jpg'),
      still_ms: now,
    })
    .execute();
}
