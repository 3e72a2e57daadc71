import type { Core } from '../../shared/core.ts';
import { RecorderHosts } from './recorder-hosts.ts';
import { RecordersRepository } from './recorders-repository.ts';

export type { RecorderHosts } from './recorder-hosts.ts';

/**
 * Builds the media hosts (decision 0601): which recorder of the deployment serves a camera's live video and
 * stills and holds each recorded segment, for the features that answer with addresses (cameras' livecommand,
 * recordings' playlists, stills) and for the Content-Security-Policy. No routes of its own.
 */
export function createMediaHosts(
  d: Pick<Core, 'db' | 'log'> & {
    selfUrls: readonly string[];
    refreshMs?: number | undefined;
    /** A recorder is alive while its heartbeat is within this (LEASE_TTL_SEC). */
    ttlMs?: number | undefined;
    /** SHARED_RECORDINGS, and whether this process reads that storage itself (it records: not ROLE=server). */
    sharedRecordings?: { readsHere: boolean } | undefined;
  },
): { hosts: RecorderHosts } {
  const recorders = new RecordersRepository(d.db, d.ttlMs ?? 10_000);
  const hosts = new RecorderHosts({
    list: () => recorders.list(),
    selfUrls: d.selfUrls,
    sharedRecordings: d.sharedRecordings,
    // Wall clock: the refresh interval is real time, whatever clock the app's tests move.
    now: Date.now,
    refreshMs: d.refreshMs,
    onError: (err) => d.log.warn({ err: String(err) }, 'recorders not read; media served here meanwhile'),
  });
  return { hosts };
}
