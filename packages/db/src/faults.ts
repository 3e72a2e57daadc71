/**
 * Which database errors are the database being away or busy, not a bug of ours (decision 0015). Callers answer
 * those with a 503 (the server) or keep what they wanted to write and retry (the recorder's index rows).
 */
export type DatabaseFault = 'unavailable' | 'busy';

/** Node's socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or refusing connections: class 08 (connection exception), 57P01
 * admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up),
 * 53300 too_many_connections.
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** pg's own messages for a connection it lost or could not make in time (they carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  // 55000 (object not in prerequisite state) at connect: the database refuses connections (ALLOW_CONNECTIONS).
  'is not currently accepting connections',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** SQLite: another connection holds the write lock past the busy timeout. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
/** SQLite: the file cannot be read or written (gone, moved, unreadable, disk full). */
const SQLITE_UNAVAILABLE = /^SQLITE_(IOERR|CANTOPEN|READONLY_DBMOVED|FULL|NOTADB|CORRUPT)/;

export class DatabaseUnavailableError extends Error {
  readonly fault: DatabaseFault;
  constructor(fault: DatabaseFault, message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
    this.fault = fault;
  }
}

/** The fault behind `err` (or one of its causes), if it is the database's availability. */
export function databaseFault(err: unknown): DatabaseFault | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fault = faultOf(e as { code?: unknown; message?: unknown; fault?: unknown });
    if (fault) return fault;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function faultOf(e: { code?: unknown; message?: unknown; fault?: unknown }): DatabaseFault | undefined {
  if (e instanceof DatabaseUnavailableError) return e.fault;
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLITE_BUSY.test(code)) return 'busy';
  if (SQLITE_UNAVAILABLE.test(code) || SOCKET_CODES.has(code) || PG_UNAVAILABLE.test(code))
    return 'unavailable';
  const message = typeof e.message === 'string' ? e.message : '';
  if (PG_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  // AggregateError of a host with several addresses, each refused.
  if (Array.isArray((e as { errors?: unknown }).errors))
    return (e as { errors: unknown[] }).errors.map(databaseFault).find(Boolean);
  return undefined;
}
