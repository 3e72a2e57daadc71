import { ApiError, clipFilename, localDateTime, sanitiseFilename } from '@vigil/contracts';
import { getExportManifest } from '../api/get-export-manifest.ts';
import { mp4Url } from '../api/video-urls.ts';
import { zip } from './zip.ts';

export interface ClipJob {
  uidd: string;
  name: string;
  fromMs: number;
  toMs: number;
}

/** A downloaded clip's evidence (decision 0506): its signed manifest, to keep beside the file. */
export interface ClipEvidence {
  sha256: string;
  /** The signed manifest as the server answered it, saved as `<clip>.manifest.json`. */
  json: string;
}

export type ClipResult =
  | { uidd: string; status: 'ok'; filename: string; data: Uint8Array; evidence?: ClipEvidence | undefined }
  | { uidd: string; status: 'no-video' }
  | { uidd: string; status: 'error'; message: string };

/** The result of a download (spec 001 §4, §8). */
export type DownloadOutcome = 'ok' | 'some-error' | 'all-error' | 'no-video';

/**
 * Every clip came: ok. None came: no-video when no camera had video in the range (404 each), else all-error; nothing
 * is saved. Some came: some-error, and those are saved.
 */
export function downloadOutcome(results: readonly ClipResult[]): DownloadOutcome {
  const ok = results.filter((r) => r.status === 'ok').length;
  if (ok === results.length && ok > 0) return 'ok';
  if (ok > 0) return 'some-error';
  return results.every((r) => r.status === 'no-video') ? 'no-video' : 'all-error';
}

/** Fetches one clip as bytes, reporting progress (bytes so far, and the total when the server says it). */
export async function fetchClip(
  job: ClipJob,
  o: {
    authToken: string | undefined;
    timeZone: string;
    onProgress: (loaded: number, total: number) => void;
    signal?: AbortSignal;
  },
): Promise<ClipResult> {
  let res: Response;
  try {
    res = await fetch(mp4Url(job.uidd, job.fromMs, job.toMs), {
      headers: o.authToken ? { authorization: `Bearer ${o.authToken}` } : {},
      signal: o.signal,
    });
  } catch (e) {
    return { uidd: job.uidd, status: 'error', message: (e as Error).message };
  }
  // 404: no video of that camera in the range; it is skipped (spec 001 §8).
  if (res.status === 404) return { uidd: job.uidd, status: 'no-video' };
  if (!res.ok || !res.body) {
    const body = ApiError.safeParse(await res.json().catch(() => undefined));
    return { uidd: job.uidd, status: 'error', message: body.success ? body.data.error : res.statusText };
  }
  // The clip streams as it is stitched: the server says its expected size instead of a length.
  const total = Number(res.headers.get('content-length') ?? res.headers.get('x-expected-length') ?? 0);
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    o.onProgress(loaded, total);
  }
  const data = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.length;
  }
  // Named from what the clip holds (from its first keyframe, for its real length: a range may start before the
  // recording or span a gap), as the server says; from the asked range only when it does not.
  const heldFrom = Number(res.headers.get('x-clip-start-ms'));
  const heldSec = Number(res.headers.get('x-clip-duration-sec'));
  const held = heldFrom > 0 && heldSec > 0;
  const filename = clipFilename({
    name: job.name,
    startMs: held ? heldFrom : job.fromMs,
    durationSec: held ? heldSec : (job.toMs - job.fromMs) / 1000,
    timeZone: o.timeZone,
  });
  const exportId = res.headers.get('x-export-id');
  const evidence = exportId ? await manifestOf(exportId, o.signal) : undefined;
  return { uidd: job.uidd, status: 'ok', filename, data, evidence };
}

/**
 * The signed manifest of a download: the server signs it just after the last byte left, so it may take a moment;
 * undefined after a few tries (the clip is kept either way).
 */
async function manifestOf(exportId: string, signal?: AbortSignal): Promise<ClipEvidence | undefined> {
  for (let i = 0; i < 10 && !signal?.aborted; i++) {
    const signed = await getExportManifest(exportId).catch(() => undefined);
    if (signed) return { sha256: signed.manifest.sha256, json: `${JSON.stringify(signed, null, 2)}\n` };
    await new Promise((r) => setTimeout(r, 150 * (i + 1)));
  }
  return undefined;
}

/** What to save: the one clip as an MP4, several zipped (spec 001 §7), nothing when none came. */
export function packClips(
  results: readonly ClipResult[],
  o: { fromMs: number; timeZone: string },
): { blob: Blob; filename: string } | undefined {
  const ok = results.filter((r): r is Extract<ClipResult, { status: 'ok' }> => r.status === 'ok');
  if (ok.length === 0) return undefined;
  if (ok.length === 1) {
    const [one] = ok as [Extract<ClipResult, { status: 'ok' }>];
    return {
      blob: new Blob([one.data as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }),
      filename: one.filename,
    };
  }
  // Two cameras may share a name: number the files so none is lost.
  const seen = new Map<string, number>();
  const encoder = new TextEncoder();
  const files = ok.flatMap((r) => {
    const n = (seen.get(r.filename) ?? 0) + 1;
    seen.set(r.filename, n);
    const name = n === 1 ? r.filename : r.filename.replace(/\.mp4$/, ` (${n}).mp4`);
    // Each clip with its signed manifest beside it, so the zip carries its own proof.
    const manifest = r.evidence
      ? [{ name: `${name}.manifest.json`, data: encoder.encode(r.evidence.json) }]
      : [];
    return [{ name, data: r.data }, ...manifest];
  });
  const name = sanitiseFilename(`Clips ${localDateTime(o.fromMs, o.timeZone)} ${o.timeZone}`);
  return { blob: zip(files), filename: `${name}.zip` };
}
