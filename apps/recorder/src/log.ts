import { redact } from './ffmpeg/redact.ts';

/** The logger the recorder writes to: pino's shape (object first, message second), so the server passes its own. */
export interface RecorderLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const noop = (): void => {};
export const silentLog: RecorderLog = { debug: noop, info: noop, warn: noop, error: noop };

/**
 * Wraps a logger so that no line can carry a camera password: every string field and message is redacted
 * (URL user-info, plus the secrets currently known to the recorder), whatever the caller put in it.
 */
export function redactingLog(inner: RecorderLog, secrets: () => readonly string[]): RecorderLog {
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, secrets());
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x)]));
    return v;
  };
  const wrap =
    (level: keyof RecorderLog) =>
    (obj: object, msg: string): void =>
      inner[level](clean(obj) as object, clean(msg) as string);
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
