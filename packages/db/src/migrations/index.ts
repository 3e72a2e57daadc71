import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_auth.ts';
import * as m0004 from './0004_reporting.ts';

/** Listed explicitly (not read from the folder) so the order is reviewed and bundling cannot lose one. */
export const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  '0004_reporting': m0004,
};
