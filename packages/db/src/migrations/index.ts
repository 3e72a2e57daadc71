import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_auth.ts';
import * as m0002 from './0002_cameras.ts';

/** Listed explicitly (not read from the folder) so the order is reviewed and bundling cannot lose one. */
export const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  '0002_cameras': m0002,
};
