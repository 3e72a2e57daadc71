import type { CameraStatusResponse, CameraStatusValue } from './cameras.ts';
import { GROUP_REQUEST_BATCH_LIMIT_CHARS, URL_LENGTH_LIMIT_CHARS } from './constants.ts';
import { splitUidd, type Uidd } from './ids.ts';
import type { RealtimeType } from './realtime.ts';

/**
 * How the web app splits camera lists across requests (spec 000 §9, 001 §5 and §9). Pure functions; the server
 * accepts anything these produce.
 */

/**
 * Splits values into batches whose joined length (values joined by `sep`) stays within `limit`, keeping order.
 * A single value longer than the limit goes alone in its own batch: it cannot be split.
 */
export function batchByJoinedLength(values: readonly string[], limit: number, sep = ','): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const v of values) {
    const added = current.length === 0 ? v.length : sep.length + v.length;
    if (current.length > 0 && length + added > limit) {
      batches.push(current);
      current = [];
      length = 0;
    }
    length += current.length === 0 ? v.length : sep.length + v.length;
    current.push(v);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Viewer settings and schedules (`GET /viewer/{id}/settings?uidd=a,b`, `GET /schedule/{id}?uidd=a,b`): batched so
 * the comma-joined uidds are at most 1200 characters.
 */
export function groupRequestBatches(uidds: readonly Uidd[]): Uidd[][] {
  return batchByJoinedLength(uidds, GROUP_REQUEST_BATCH_LIMIT_CHARS) as Uidd[][];
}

const encodedParam = (key: string, value: string) =>
  `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;

/**
 * Status queries: `uidd[]=a&uidd[]=b…` chunked so each query string (without the '?') is at most 1800
 * characters once encoded. One request per chunk; the answers are merged with mergeStatusResponses.
 */
export function statusQueryChunks(
  uidds: readonly Uidd[],
  limit = URL_LENGTH_LIMIT_CHARS,
): { uidds: Uidd[]; query: string }[] {
  const parts = uidds.map((u) => encodedParam('uidd[]', u));
  const chunks = batchByJoinedLength(parts, limit, '&');
  let i = 0;
  return chunks.map((c) => {
    const chunk = uidds.slice(i, i + c.length) as Uidd[];
    i += c.length;
    return { uidds: chunk, query: c.join('&') };
  });
}

/**
 * The realtime stream query (`GET /cameras/realtime/live?types=liveSession,alert&uidd=a,b`). Realtime query
 * strings are limited to 1800 characters; beyond that the owner ids of the cameras are sent instead
 * (`owner=x,y`), and the server streams every camera of those owners the caller may see.
 */
export function realtimeLiveQuery(
  types: readonly RealtimeType[],
  uidds: readonly Uidd[],
  limit = URL_LENGTH_LIMIT_CHARS,
): { query: string; by: 'uidd' | 'owner' } {
  const typesParam = encodedParam('types', types.join(','));
  const byUidd = `${typesParam}&${encodedParam('uidd', uidds.join(','))}`;
  if (byUidd.length <= limit) return { query: byUidd, by: 'uidd' };
  const owners = [...new Set(uidds.map((u) => splitUidd(u).owner))];
  return { query: `${typesParam}&${encodedParam('owner', owners.join(','))}`, by: 'owner' };
}

/**
 * Merges chunked status answers into one status per uidd: the server's statuses as answered, and every uidd named
 * in `errors` offline (spec 001 §4: a camera with an error in a status query is offline).
 */
export function mergeStatusResponses(
  responses: readonly CameraStatusResponse[],
): Map<Uidd, CameraStatusValue> {
  const statuses = new Map<Uidd, CameraStatusValue>();
  for (const r of responses) {
    for (const d of r.result.devices) statuses.set(d.uidd, d.status);
    for (const e of r.errors) statuses.set(e.uidd as Uidd, 'offline');
  }
  return statuses;
}
