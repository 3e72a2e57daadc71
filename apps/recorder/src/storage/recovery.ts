import { existsSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { Mp4Splitter } from '../bmff/splitter.ts';
import type { RecorderLog } from '../log.ts';
import { KeyframeMarks } from './keyframes.ts';
import { initRel, parseSegmentName, segmentRel } from './layout.ts';
import type { SegmentsRepository, StreamName } from './segments-repository.ts';

const STREAMS: StreamName[] = ['main', 'sd'];

/**
 * Indexes what a crash left behind: the open segment (.part), cut back to its last whole fragment, and a closed
 * segment renamed but not yet indexed (it can only be one of the newest of its stream). Only the two newest day
 * folders of each stream are looked at.
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
      const files = days.flatMap((day) =>
        readdirSync(join(dir, day))
          .map((name) => ({ name, abs: join(dir, day, name), parsed: parseSegmentName(name) }))
          .filter((f) => f.parsed !== undefined),
      );
      const closed = files
        .filter((f) => !f.parsed?.open)
        .sort((a, b) => (a.parsed?.startMs ?? 0) - (b.parsed?.startMs ?? 0));
      const candidates = [...files.filter((f) => f.parsed?.open), ...closed.slice(-2)];
      for (const f of candidates) {
        const parsed = f.parsed as NonNullable<typeof f.parsed>;
        try {
          if (await recoverOne(root, uidd as Uidd, stream, f.abs, parsed, repo)) recovered++;
        } catch (err) {
          log.error({ uidd, file: f.name, err: String(err) }, 'cannot recover a segment');
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
  file: { startMs: number; initHash: string; open: boolean },
  repo: SegmentsRepository,
): Promise<boolean> {
  const startMs = file.startMs as EpochMs;
  if (await repo.exists(uidd, stream, startMs)) {
    if (file.open) rmSync(abs); // cannot happen (rows come after the rename); never index a start twice
    return false;
  }
  const init = initRel(uidd, stream, file.initHash);
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
  const keyframes = new KeyframeMarks(timescale || 1);
  for (const e of events) {
    if (e.kind !== 'fragment') continue;
    keyframes.add(bytes, e.fragment.keyframe, e.fragment.video?.baseDecodeTime);
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
  const final = segmentRel(uidd, stream, startMs, file.initHash);
  if (file.open) renameSync(abs, join(root, final));
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
    keyframes: keyframes.list,
  });
  return true;
}
