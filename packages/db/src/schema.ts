/**
 * Table types, declared once. Conventions that keep one schema working on SQLite and PostgreSQL:
 * times are epoch milliseconds in bigint columns, booleans are integers 0/1, JSON is text.
 */

import type { AuthTables } from './tables/auth.ts';
import type { RecordingTables } from './tables/recording.ts';

export type * from './tables/auth.ts';
export type * from './tables/recording.ts';

/** Every table. Each feature area declares its tables in tables/<area>.ts and is added here. */
export interface Database extends AuthTables, RecordingTables {}
