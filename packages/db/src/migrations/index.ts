import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_auth.ts';
import * as m0003 from './0003_recording.ts';

/** Listed explicitly (not read from the folder) so the order is reviewed and bundling cannot lose one. */
export const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  // 0002_cameras comes from the cameras branch.
  '0003_recording': m0003,
};
