import type { Db } from '@vigil/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What every feature's `create<Feature>` may be built with (decision 0018): app.ts spreads it into each, adding
 * only the services that feature needs of others.
 */
export interface Core {
  db: Db;
  config: Config;
  /** The server secret every signing key is derived from (features/bootstrap/secret.ts). */
  secret: string;
  log: FastifyBaseLogger;
  /** The clock every service reads; tests move it. */
  now: () => number;
}
