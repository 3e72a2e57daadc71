import type { Segment } from '@vigil/recorder';
import { HttpError } from '../../http/errors.ts';

/** Where the recorder that wrote a segment serves it (decisions 0601, 0615); neither field: here. */
export interface FileHostAnswer {
  at?: string;
  offline?: string;
}
export type FileHostLookup = (recorderId: string | undefined) => Promise<FileHostAnswer>;

/**
 * Where each segment of a request is read (absent: from the bucket, here) (decisions 0601, 0615, 0856): at its recorder's origin while that recorder
 * is alive (its disk holds the newest footage; it reads the bucket for the rest), here from the bucket when that
 * recorder is dead or gone but the segment was uploaded (`storedMs`, and this process has the bucket), else offline.
 */
export async function segmentHosts(
  segments: readonly Segment[],
  lookup: FileHostLookup | undefined,
  hasBucket: boolean,
): Promise<Map<Segment, FileHostAnswer>> {
  const out = new Map<Segment, FileHostAnswer>();
  if (!lookup) return out;
  const hosts = new Map<string, FileHostAnswer>();
  for (const id of new Set(segments.map((s) => s.recorderId)))
    if (id !== undefined) hosts.set(id, await lookup(id));
  for (const s of segments) {
    // No recorder named (the embedded default, rows from before the fleet): here, as the lookup answers.
    const host = (s.recorderId === undefined ? undefined : hosts.get(s.recorderId)) ?? {};
    // Footage of a dead recorder that reached the bucket outlives it (decision 0856): read here, from the bucket.
    if (host.offline && hasBucket && s.storedMs !== undefined) continue;
    out.set(s, host);
  }
  return out;
}

/**
 * For a playlist: each file (segment or init) held by another recorder → that recorder's origin; the segments whose
 * recorder is offline (and not in the bucket) → its id. The rest is read here.
 */
export async function playlistHosts(
  segments: readonly Segment[],
  lookup: FileHostLookup | undefined,
  hasBucket: boolean,
): Promise<{ hostOf: Map<string, string>; offline: Map<string, string> }> {
  const hostOf = new Map<string, string>();
  const offline = new Map<string, string>();
  for (const [s, host] of await segmentHosts(segments, lookup, hasBucket)) {
    if (host.offline) offline.set(s.path, host.offline);
    if (!host.at) continue;
    hostOf.set(s.path, host.at);
    hostOf.set(s.initPath, host.at);
  }
  return { hostOf, offline };
}

/**
 * For a clip or a frame, which needs all of its footage: the one other recorder to send the request to, or
 * undefined (read here: a single process, a shared filesystem, or footage in the bucket); a 503 when any of it is
 * on an offline recorder and not in the bucket (decision 0615). Segments read from the bucket do not tie the
 * request to a host: any host with the bucket reads them.
 */
export async function clipHost(
  segments: readonly Segment[],
  lookup: FileHostLookup | undefined,
  hasBucket: boolean,
): Promise<string | undefined> {
  const hosts = [...(await segmentHosts(segments, lookup, hasBucket)).values()];
  const offline = hosts.flatMap((h) => (h.offline ? [h.offline] : []));
  if (offline.length > 0) throw hostOffline(offline);
  // Segments from the bucket are not in `hosts`: beside another recorder's, that recorder reads the bucket too.
  const at = new Set(hosts.map((h) => h.at));
  const [origin] = at;
  return at.size === 1 && origin ? origin : undefined;
}

/** Footage whose recorder is offline (decision 0615): a clear answer at once, never an address that hangs. */
export function hostOffline(recorderIds: readonly string[]): HttpError {
  const which = [...new Set(recorderIds)].join(', ');
  return new HttpError(
    503,
    'recording_host_offline',
    `This footage is on a recorder that is offline (${which}); it plays again once that recorder is back`,
  );
}
