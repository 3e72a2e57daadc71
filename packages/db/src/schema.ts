/**
 * Table types, declared once. Conventions that keep one schema working on SQLite and PostgreSQL:
 * times are epoch milliseconds in bigint columns, booleans are integers 0/1, JSON is text.
 */

import type { AuthTables } from './tables/auth.ts';
import type { CameraTables } from './tables/cameras.ts';

export type * from './tables/auth.ts';
export type * from './tables/cameras.ts';

/** Every table. Each feature area declares its tables in tables/<area>.ts and is added here. */
export interface Database extends AuthTables, CameraTables {}
