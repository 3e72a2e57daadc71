import { join } from 'node:path';
import {
  clipFilename,
  MAXIMUM_DOWNLOAD_LENGTH_SEC,
  PLAYBACK_MAX_RANGE_SEC,
  PLAYLIST_URL_TTL_SEC,
  SESSION_GAP_MS,
  type SessionsQuery,
  type SessionsResponse,
  type StreamFormat,
  type Uid,
  type Uidd,
  type VideoQuery,
} from '@vigil/contracts';
import type {
  Segment,
  SegmentStore,
  SegmentsRepository,
  StagedFiles,
  StoredFile,
  StreamName,
} from '@vigil/recorder';
import { ANALYSIS_NICE } from '@vigil/recorder';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import type { CameraAccess } from '../access/camera-access.ts';
import type { CameraRow } from '../access/ports.ts';
import type { ExportMeta } from '../evidence/evidence-service.ts';
import { planClip } from './clip-plan.ts';
import { type FfmpegJob, type JobLimiter, runFfmpeg, startFfmpeg } from './ffmpeg-jobs.ts';
import type { FileGrants, GrantBasis } from './file-grants.ts';
import { hlsPlaylist } from './hls-playlist.ts';
import { keyframeBefore } from './keyframes.ts';
import { checkRange, type Range, videoMissing } from './range.ts';
import { mergeStreams, splitRuns } from './runs.ts';
import { clipHost, type FileHostLookup, hostOffline, playlistHosts } from './segment-hosts.ts';
import type { SessionsRepository } from './sessions-repository.ts';
import { stillArgs } from './still-args.ts';
import type { VideoAccess, VideoRequester } from './video-access.ts';

export interface RecordingsDeps {
  segments: SegmentsRepository;
  sessions: SessionsRepository;
  cameraAccess: CameraAccess;
  video: VideoAccess;
  grants: FileGrants;
  /**
   * Where the recorder that wrote a segment serves its file (decisions 0601, 0615): `at` another host's origin,
   * `offline` (that recorder dead or gone, its disk shared with no one), or neither: here.
   */
  fileHost?: FileHostLookup | undefined;
  /** Where the files are (decision 0619): this disk, or a bucket through a local copy for ffmpeg. */
  store: SegmentStore;
  ffmpegPath: string;
  /**
   * SEGMENT_PRESIGNED_SEC (decision 0857): a playlist's file held by the bucket alone is answered with a presigned
   * GET URL valid this long (bytes from the bucket to the player); 0 or unset: the bytes go through this process.
   */
  presignSec?: number | undefined;
  /** Exports and streams running at once. */
  exports: JobLimiter;
  /** Stills decoding at once. */
  stills: JobLimiter;
  now: () => number;
}

/** A clip checked and planned; `start` runs ffmpeg, `release` if never started. */
export interface PreparedClip {
  start: () => FfmpegJob;
  release: () => void;
  filename: string;
  /** What the clip holds: from its first keyframe, for its real length (a range may start before a recording). */
  startMs: number;
  durationSec: number;
  expectedBytes: number;
  /** What the evidence log records of this clip as a download by `who`. */
  evidence: (who: VideoRequester) => ExportMeta;
}

/**
 * The video asked is on another recorder (decision 0601): the same request goes there (a 307 to the same path and
 * query at that origin, which checks the same grant or share token).
 */
export interface Elsewhere {
  elsewhere: string;
}

/** A video request: who asks, which camera and range (epoch seconds, as the spec's URLs give it). */
export interface ClipRequest {
  who: VideoRequester;
  uidd: Uidd;
  startSec: number;
  endSec: number;
  /** Absent: what was recorded (decision 0706): the main stream where the range has any, else the sub stream. */
  stream: StreamName | undefined;
}

const MAX_PLAYLIST_SEGMENTS = 40_000;
/**
 * The shortest playlist entry (decision 0510): segments are cut at keyframes into entries of at least this long.
 * A seek fetches one entry; a day of 1-second entries would be a 12 MB playlist.
 */
const PLAYLIST_PART_MIN_MS = 1900;
/** A file name in a playlist grant: <stream>/init-<hash>.mp4 or <stream>/<day>/<startMs>.<hash>.m4s. */
const FILE = /^(main|sd)\/(?:init-[0-9a-f]{1,64}\.mp4|\d{4}-\d{2}-\d{2}\/(\d{1,15})\.[0-9a-f]{1,64}\.m4s)$/;

const CODECS: Record<string, RegExp> = { h264: /^avc[13]\./, h265: /^(hvc1|hev1)\./, hevc: /^(hvc1|hev1)\./ };

/** Sessions, playlists, stitched clips and stills: the rules of the video routes (decisions 0500–0504). */
export class RecordingsService {
  readonly #d: RecordingsDeps;
  constructor(deps: RecordingsDeps) {
    this.#d = deps;
  }

  /** Sessions of every camera of the query the caller may watch; refused only when that is none of them. */
  async sessions(caller: Caller, q: SessionsQuery): Promise<SessionsResponse> {
    const { allowed, refused } = await this.#d.cameraAccess.partition(caller, q.uidd, 'viewRecorded');
    const first = refused[0];
    if (allowed.length === 0 && first)
      throw new HttpError(first.code === 'not_found' ? 404 : 403, first.code as 'not_found', first.error);
    // No stream asked: what was recorded, main or sub stream (a camera may have switched, decision 0706).
    const streams: StreamName[] = q.stream ? [q.stream] : ['main', 'sd'];
    const found = await Promise.all(
      streams.map((stream) =>
        this.#d.sessions.sessions(
          allowed.map((c) => c.uidd),
          stream,
          q.startAfter,
          q.startBefore,
          SESSION_GAP_MS,
        ),
      ),
    );
    const byCamera = new Map<string, Array<[number, number]>>(allowed.map((c) => [c.uidd, []]));
    for (const r of found.flat())
      byCamera.get(r.uidd)?.push([Math.max(r.startMs, q.startAfter), Math.min(r.endMs, q.startBefore)]);
    return {
      startAfter: q.startAfter,
      startBefore: q.startBefore,
      cameras: [...byCamera].map(([uidd, sessions]) => ({ uidd, sessions: mergeRuns(sessions) })),
      errors: refused.map(({ uidd, code, error }) => ({ uidd, code, error })),
    };
  }

  /** The HLS playlist of a range; its file URLs carry a grant for exactly its segments. */
  async playlist(r: ClipRequest): Promise<string> {
    const clip = await this.#clip(r, PLAYBACK_MAX_RANGE_SEC, MAX_PLAYLIST_SEGMENTS);
    const { range, basis } = clip;
    // Footage on a recorder that is offline is left out (a gap); all of it offline is the error (decision 0615).
    const { hostOf, offline } = await playlistHosts(
      clip.segments,
      this.#d.fileHost,
      this.#d.store.kind === 's3',
    );
    const segments = clip.segments.filter((s) => !offline.has(s.path));
    if (segments.length === 0) throw hostOffline([...new Set(offline.values())]);
    // A grant per stream played (a range across a switch plays both, decision 0716), each for exactly its segments.
    const grants = new Map<string, string>();
    for (const stream of new Set(segments.map((s) => s.stream))) {
      const own = segments.filter((s) => s.stream === stream);
      grants.set(
        stream,
        this.#d.grants.issue({
          uidd: r.uidd,
          stream,
          firstMs: (own[0] as Segment).startMs,
          lastMs: (own.at(-1) as Segment).startMs,
          expSec: Math.floor(this.#d.now() / 1000) + PLAYLIST_URL_TTL_SEC,
          basis,
        }),
      );
    }
    const prefix = `${r.uidd}/`;
    // On this host: relative to the playlist's address. On another recorder: the same route there, absolute; it
    // checks the same grant (the recorders share the database, hence the secret and the sessions it re-checks).
    const [owner, device] = r.uidd.split('.') as [string, string];
    const route = `/hls/${owner}/${device}/${r.startSec}/${r.endSec}`;
    return hlsPlaylist(splitRuns(segments), {
      fromMs: range.fromMs,
      partMinMs: PLAYLIST_PART_MIN_MS,
      fileUrl: (rel) => {
        const name = rel.startsWith(prefix) ? rel.slice(prefix.length) : rel;
        const file = `f/${grants.get(name.split('/')[0] as string)}/${name}`;
        const origin = hostOf.get(rel);
        return origin ? `${origin}${route}/${file}` : file;
      },
    });
  }

  /**
   * The recorder to send a clip or still request to: when every segment it reads is on one other host (decisions
   * 0601, 0615, 0856). Segments of several hosts are read here (a shared filesystem, or the bucket).
   */
  async #elsewhere(segments: readonly Segment[]): Promise<Elsewhere | undefined> {
    const origin = await clipHost(segments, this.#d.fileHost, this.#d.store.kind === 's3');
    return origin ? { elsewhere: origin } : undefined;
  }

  /**
   * A file a playlist named (its path in the store), if the grant covers it and what let the playlist through still
   * holds (decision 0016: signing out, a revoked link or a lowered level end playback within seconds); else 403.
   */
  async file(
    uidd: Uidd,
    grantText: string,
    name: string,
  ): Promise<{ path: string; file: StoredFile | undefined; presigned?: string }> {
    const m = FILE.exec(name);
    const grant = m ? this.#d.grants.check(grantText, uidd, m[1] as string, this.#d.now()) : undefined;
    const startMs = m?.[2] === undefined ? undefined : Number(m[2]);
    const refused = () => new HttpError(403, 'forbidden', 'This file address is not valid (or no longer)');
    if (!grant || (startMs !== undefined && (startMs < grant.firstMs || startMs > grant.lastMs)))
      throw refused();
    if (!(await this.#d.video.stillAllowed(grant.basis, uidd))) throw refused();
    const path = `${uidd}/${name}`;
    const { presignSec, store } = this.#d;
    const presigned =
      presignSec && store.presign ? await store.presign(path, presignSec).catch(storeDown) : undefined;
    if (presigned) return { path, file: undefined, presigned };
    return { path, file: await store.open(path).catch(storeDown) };
  }

  /**
   * The range stitched without re-encoding, streamed from ffmpeg as it is written: fragmented MP4 (ending with
   * its index, so a saved file knows its duration) or MPEG-TS. For /video/mp4 (a download: its file name and an
   * estimate of its size, for progress) and /stream/{format} (a player).
   */
  async clip(
    r: ClipRequest,
    format: StreamFormat,
    q: VideoQuery,
    purpose: 'download' | 'stream',
  ): Promise<PreparedClip | Elsewhere> {
    const { range, segments, stream, camera, via } = await this.#clip(r, MAXIMUM_DOWNLOAD_LENGTH_SEC);
    const away = await this.#elsewhere(segments);
    if (away) return away;
    const codec = segments[0]?.codec ?? '';
    if (q.vcodec && q.vcodec !== 'copy' && !CODECS[q.vcodec]?.test(codec))
      throw new HttpError(
        415,
        'video_codec_unsupported',
        `This camera records ${codec.split('.')[0]}; it is not converted to ${q.vcodec}`,
      );
    const first = segments[0] as Segment;
    const last = segments.at(-1) as Segment;
    const staged = await this.#stage(segments);
    // Both streams (a range across a switch, decision 0716): one picture size, the main stream's.
    const scaleTo = new Set(segments.map((s) => s.stream)).size > 1 ? mainSizeOf(camera) : undefined;
    const { plan, start, tail } = await planClip(
      segments,
      range,
      format,
      q,
      purpose,
      staged.dir,
      scaleTo,
    ).catch((err: unknown) => {
      staged.release();
      throw err;
    });
    const acquired = await this.#d.exports.acquire();
    const release = () => {
      acquired();
      staged.release();
    };
    const startMs = first.startMs + (start?.offsetMs ?? 0);
    // The bytes copied from the segments: the clip is within a few percent of it (its boxes are rewritten).
    const expectedBytes = segments.reduce(
      (n, s) =>
        n +
        (s === last && tail.end ? tail.end.byteOffset : s.bytes) -
        (s === first && start ? start.byteOffset : 0),
      0,
    );
    const filename = clipFilename({
      name: camera.name,
      startMs,
      durationSec: plan.durationSec,
      timeZone: camera.timezone_name || 'UTC',
    });
    return {
      start: () => {
        const job = startFfmpeg(this.#d.ffmpegPath, plan.args, plan.concatList);
        job.done.finally(release).catch(() => {});
        return job;
      },
      release,
      filename,
      startMs,
      durationSec: plan.durationSec,
      evidence: (who) => ({
        ownerUid: camera.owner_uid as Uid,
        uidd: r.uidd,
        cameraName: camera.name,
        fromMs: startMs,
        toMs: startMs + plan.durationSec * 1000,
        format,
        stream,
        filename,
        exporter: { ...(who.caller && via === 'user' ? { uid: who.caller.uid as Uid } : {}), ip: who.ip },
      }),
      expectedBytes,
    };
  }

  /** The recorded frame at `seconds` (hdstill) as a JPEG, scaled to `width` when given. */
  async still(who: VideoRequester, uidd: Uidd, seconds: number, width?: number): Promise<Buffer | Elsewhere> {
    const ms = Math.round(seconds * 1000);
    if (ms >= this.#d.now()) throw new HttpError(400, 'range_in_future', 'This time is in the future');
    const { via } = await this.#d.video.authorise(who, uidd, Math.floor(seconds), Math.floor(seconds));
    const seg = await this.#d.segments.at(uidd, 'main', ms as Segment['startMs']);
    if (!seg) throw this.#missing(via, 'Nothing was recorded at this time');
    const away = await this.#elsewhere([seg]);
    if (away) return away;
    const release = await this.#d.stills.acquire();
    const staged = await this.#stage([seg]).catch((err: unknown) => {
      release();
      throw err;
    });
    try {
      const { byteOffset, offsetMs } = await keyframeBefore(
        join(staged.dir, seg.initPath),
        join(staged.dir, seg.path),
        ms - seg.startMs,
      );
      const at = (offsetSec: number) =>
        runFfmpeg(
          this.#d.ffmpegPath,
          stillArgs({
            recordingsDir: staged.dir,
            initPath: seg.initPath,
            segmentPath: seg.path,
            byteOffset,
            offsetSec,
            width,
          }),
        );
      const offset = (ms - seg.startMs - offsetMs) / 1000;
      // Within the last frame's time there is no frame from that instant on: step back to the one shown then
      // (a frame lasts 0.2 s at 5 fps, 1 s at 1 fps).
      for (const back of [0, 0.2, 1]) {
        const jpeg = await at(Math.max(0, offset - back));
        if (jpeg.length > 0 || offset - back <= 0) return jpeg;
      }
      throw videoMissing('Nothing was recorded at this time');
    } finally {
      release();
      staged.release();
    }
  }

  /**
   * The recorded keyframe at or before `ms`, as a JPEG, for the server's own analysis of a camera's events (the
   * plates of decision 0790; no requester: nothing leaves the server). Null when nothing this host holds was
   * recorded then. Only the keyframe is decoded: the cheapest picture there is.
   */
  async keyframeAt(uidd: Uidd, ms: number): Promise<{ atMs: number; jpeg: Buffer } | null> {
    const seg = await this.#d.segments.at(uidd, 'main', ms as Segment['startMs']);
    if (!seg || (await this.#elsewhere([seg]))) return null;
    const release = await this.#d.stills.acquire();
    let staged: StagedFiles | undefined;
    try {
      staged = await this.#stage([seg]);
      const dir = staged.dir;
      const k = await keyframeBefore(join(dir, seg.initPath), join(dir, seg.path), ms - seg.startMs);
      const args = { recordingsDir: dir, initPath: seg.initPath, segmentPath: seg.path, offsetSec: 0 };
      const jpeg = await runFfmpeg(
        this.#d.ffmpegPath,
        stillArgs({ ...args, byteOffset: k.byteOffset }),
        undefined,
        ANALYSIS_NICE,
      );
      return jpeg.length ? { atMs: seg.startMs + k.offsetMs, jpeg } : null;
    } finally {
      release();
      staged?.release();
    }
  }

  /** The segments' files (and their inits) on this disk for ffmpeg: as they are, or copied from the bucket. */
  #stage(segments: readonly Segment[]): Promise<StagedFiles> {
    return this.#d.store.stage(segments.flatMap((s) => [s.initPath, s.path])).catch(storeDown);
  }

  /** Checks the range and the requester, and finds the segments; 404 when nothing was recorded in it. */
  async #clip(
    r: ClipRequest,
    maxSec: number,
    limit = 10_000,
  ): Promise<{
    range: Range;
    segments: Segment[];
    stream: StreamName;
    camera: CameraRow;
    via: 'user' | 'share';
    basis: GrantBasis;
  }> {
    const range = checkRange(r.startSec, r.endSec, this.#d.now(), maxSec);
    const camera = await this.#d.video.authorise(r.who, r.uidd, r.startSec, r.endSec);
    const list = (stream: StreamName) =>
      this.#d.segments.list(
        r.uidd,
        stream,
        range.fromMs as Segment['startMs'],
        range.toMs as Segment['startMs'],
        limit,
      );
    // No stream asked: what was recorded. A camera that switched to its sub stream (nvrmode, decision 0701) has main
    // footage for part of a range and sub-stream footage for the rest: both play, each where the main has none (0716).
    const [main, sd] = r.stream ? [await list(r.stream), []] : await Promise.all([list('main'), list('sd')]);
    const segments = mergeStreams(main, sd);
    const first = segments[0];
    if (!first) throw this.#missing(camera.via);
    const stream = r.stream ?? first.stream;
    return { range, segments, stream, camera: camera.row, via: camera.via, basis: camera.basis };
  }

  #missing(via: 'user' | 'share', message?: string): HttpError {
    return via === 'share'
      ? new HttpError(404, 'share_missing_video', message ?? 'The shared video is no longer available')
      : videoMissing(message);
  }
}

/** The main stream's size as probed (or set over ONVIF); 1280x720 when it was never known. */
function mainSizeOf(camera: CameraRow): { width: number; height: number } {
  return camera.video_width && camera.video_height
    ? { width: camera.video_width, height: camera.video_height }
    : { width: 1280, height: 720 };
}

/** Runs of both streams as one timeline: oldest first, overlapping or touching runs joined. */
function mergeRuns(runs: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of [...runs].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The bucket holding the footage did not answer (decision 0619): a clear 503, the request may be tried again. */
function storeDown(err: unknown): never {
  throw new HttpError(
    503,
    'recording_store_unavailable',
    `The storage holding this footage does not answer (${String(err).slice(0, 200)}); try again shortly`,
  );
}
