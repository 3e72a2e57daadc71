import { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { makeFmp4 } from '../testing/fixtures.ts';
import { decodeUntil } from './decoder.ts';
import { analysisSize } from './frames.ts';

function gop(frames: number) {
  let init: Buffer | undefined;
  const fragments: { data: Buffer; wallMs: number }[] = [];
  for (const ev of new Mp4Splitter().push(makeFmp4({ seconds: frames / 10, fps: 10, gop: frames }))) {
    if (ev.kind === 'init') init = Buffer.from(ev.init.data);
    else fragments.push({ data: Buffer.from(ev.fragment.data), wallMs: 1000 + 100 * fragments.length });
  }
  return { init: init as Buffer, fragments };
}

describe('the start refinement decode', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives pictures as ffmpeg writes them and kills ffmpeg at the first that is wanted', async () => {
    const { init, fragments } = gop(50);
    expect(fragments.length).toBe(50);
    const kill = vi.spyOn(ChildProcess.prototype, 'kill');
    const seen: number[] = [];
    const found = await decodeUntil('ffmpeg', init, analysisSize(320, 240), fragments, (f, i) => {
      seen.push(i);
      expect(f.wallMs).toBe(1000 + 100 * i);
      return i === 2;
    });
    expect(found?.wallMs).toBe(1200);
    expect(seen).toEqual([0, 1, 2]);
    expect(kill).toHaveBeenCalledWith('SIGKILL');
  });

  it('decodes the whole GOP when no picture is wanted: undefined, ffmpeg ends by itself', async () => {
    const { init, fragments } = gop(20);
    const kill = vi.spyOn(ChildProcess.prototype, 'kill');
    let n = 0;
    const found = await decodeUntil('ffmpeg', init, analysisSize(320, 240), fragments, () => {
      n++;
      return false;
    });
    expect(found).toBeUndefined();
    expect(n).toBe(20);
    expect(kill).not.toHaveBeenCalled();
  });
});
