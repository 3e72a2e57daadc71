import type { Uidd } from '@vigil/contracts';
import type { StreamName } from './segments-repository.ts';

/**
 * Where files live under the recordings directory (paths in the index are relative to it):
 *   <uidd>/<stream>/init-<hash>.mp4                  init segments, named by content (shared by many segments)
 *   <uidd>/<stream>/<YYYY-MM-DD>/<startMs>.<hash>.m4s    closed media segments (UTC day), named with their init
 *   <uidd>/<stream>/<YYYY-MM-DD>/<startMs>.<hash>.part   the open segment
 */
export const streamDir = (uidd: Uidd, stream: StreamName): string => `${uidd}/${stream}`;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const initRel = (uidd: Uidd, stream: StreamName, hash: string): string =>
  `${streamDir(uidd, stream)}/init-${hash}.mp4`;

export const segmentRel = (uidd: Uidd, stream: StreamName, startMs: number, initHash: string): string =>
  `${streamDir(uidd, stream)}/${dayOf(startMs)}/${startMs}.${initHash}.m4s`;

export const partRel = (uidd: Uidd, stream: StreamName, startMs: number, initHash: string): string =>
  `${streamDir(uidd, stream)}/${dayOf(startMs)}/${startMs}.${initHash}.part`;

const NAME = /^(\d+)\.([0-9a-f]+)\.(part|m4s)$/;

/** Start, init and state of a segment file from its name. */
export function parseSegmentName(
  name: string,
): { startMs: number; initHash: string; open: boolean } | undefined {
  const m = NAME.exec(name);
  return m ? { startMs: Number(m[1]), initHash: m[2] as string, open: m[3] === 'part' } : undefined;
}
