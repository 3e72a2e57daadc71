import { existsSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { Mp4Splitter } from '../bmff/splitter.ts';
import type { RecorderLog } from '../log.ts';
import { initRel, parsePartName, segmentRel } from './layout.ts';
import type { SegmentsRepository, StreamName } from './segments-repository.ts';

const STREAMS: StreamName[] = ['main', 'sd'];

/**
 * Indexes the open segments a crash left behind (.part files): each is cut back to its last whole fragment,
 * indexed unless it already was, and renamed. Only the two newest day folders of each stream are looked at:
 * a .part is at most one segment old when the recorder stops.
 */
export async function recoverOpenSegments(
  root: string,
  repo: SegmentsRepository,
  log: RecorderLog,
): Promise<number> {
  let recovered = 0;
  if (!existsSync(root)) return 0;
  for (const uidd of readdirSync(root)) {
    for (const stream of STREAMS) {
      const dir = join(root, uidd, stream);
      if (!existsSync(dir)) continue;
      const days = readdirSync(dir)
        .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
        .sort()
        .slice(-2);
      for (const day of days) {
        for (const name of readdirSync(join(dir, day))) {
          const part = parsePartName(name);
          if (!part) continue;
          try {
            if (await recoverOne(root, uidd as Uidd, stream, join(dir, day, name), part, repo)) recovered++;
          } catch (err) {
            log.error({ uidd, file: name, err: String(err) }, 'cannot recover an open segment');
          }
        }
      }
    }
  }
  if (recovered > 0) log.info({ recovered }, 'recovered open segments left by a crash');
  return recovered;
}

async function recoverOne(
  root: string,
  uidd: Uidd,
  stream: StreamName,
  abs: string,
  part: { startMs: number; initHash: string },
  repo: SegmentsRepository,
): Promise<boolean> {
  const startMs = part.startMs as EpochMs;
  const final = segmentRel(uidd, stream, startMs);
  if (await repo.exists(uidd, stream, startMs)) {
    // Indexed before the crash, not yet renamed.
    renameSync(abs, join(root, final));
    return true;
  }
  const init = initRel(uidd, stream, part.initHash);
  const initAbs = join(root, init);
  if (!existsSync(initAbs)) {
    rmSync(abs);
    return false;
  }
  const splitter = new Mp4Splitter();
  const events = [...splitter.push(readFileSync(initAbs)), ...splitter.push(readFileSync(abs))];
  const initEvent = events.find((e) => e.kind === 'init');
  const timescale = initEvent?.kind === 'init' ? (initEvent.init.info.video?.timescale ?? 0) : 0;
  let bytes = 0;
  let first: number | undefined;
  let end = 0;
  for (const e of events) {
    if (e.kind !== 'fragment') continue;
    bytes += e.fragment.data.length;
    const v = e.fragment.video;
    if (v) {
      first ??= v.baseDecodeTime;
      end = v.baseDecodeTime + v.duration;
    }
  }
  const durationMs = first === undefined || !timescale ? 0 : Math.round(((end - first) * 1000) / timescale);
  if (durationMs <= 0) {
    rmSync(abs);
    return false;
  }
  // Whatever follows the last whole fragment is a write cut short by the crash.
  truncateSync(abs, bytes);
  const codec =
    initEvent?.kind === 'init' ? (/codecs="([^"]*)"/.exec(initEvent.init.info.mimeType)?.[1] ?? '') : '';
  await repo.insert({
    uidd,
    stream,
    startMs,
    endMs: (startMs + durationMs) as EpochMs,
    bytes,
    path: final,
    initPath: init,
    codec,
  });
  renameSync(abs, join(root, final));
  return true;
}
