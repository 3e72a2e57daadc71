import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { makeFmp4 } from '../testing/fixtures.ts';
import { EventDecoder, type FeedFragment } from './event-decoder.ts';
import { analysisSize } from './frames.ts';
import { JpegSplitter, jpegEnd } from './jpeg-splitter.ts';

/** 320×240 at 10 fps, a keyframe every `gop` pictures; fragment i at 1000 + 100·i ms. */
function stream(seconds: number, gop: number) {
  let init: Buffer | undefined;
  const fragments: (FeedFragment & { keyframe: boolean })[] = [];
  for (const ev of new Mp4Splitter().push(makeFmp4({ seconds, fps: 10, gop }))) {
    if (ev.kind === 'init') init = Buffer.from(ev.init.data);
    else
      fragments.push({
        data: Buffer.from(ev.fragment.data),
        wallMs: 1000 + 100 * fragments.length,
        keyframe: ev.fragment.keyframe,
      });
  }
  return { init: init as Buffer, fragments };
}

const size = analysisSize(320, 240);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
/** Width × height of a JPEG, read back by ffprobe. */
const dims = (jpeg: Buffer): string =>
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', '-i', 'pipe:0'],
    { input: jpeg },
  )
    .toString()
    .trim();

describe('the event decoder (one ffmpeg per camera for refinements and pictures)', () => {
  const { init, fragments } = stream(9, 20);
  let decoder: EventDecoder;
  afterEach(async () => decoder?.stop());
  const make = () => {
    decoder = new EventDecoder({
      ffmpegPath: 'ffmpeg',
      log: quiet,
      name: 't',
      thumbWidth: 160,
      jobTimeoutMs: 2000,
    });
    decoder.setInit(init, size);
    return decoder;
  };

  it('refines over a GOP, stops feeding it at the answer, and gives the keyframe’s still and thumbnail', async () => {
    const d = make();
    const gop = fragments.slice(0, 20);
    const keyframe = fragments[20] as FeedFragment & { keyframe: boolean };
    expect(keyframe.keyframe).toBe(true);
    const seen: number[] = [];
    const r = await d.refine(init, gop, keyframe, (f, i) => {
      seen.push(i);
      expect(f.wallMs).toBe(1000 + 100 * i);
      expect(f.grey.length).toBe(size.width * size.height);
      return i === 5;
    });
    expect(r.first?.wallMs).toBe(1500);
    // Fed a fragment or two ahead of the answer, no further.
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    expect(dims(r.pictures.still)).toBe('320x240');
    expect(dims(r.pictures.thumb)).toBe('160x120');

    // The same ffmpeg serves the next jobs: pictures of a later keyframe, then a whole GOP with no answer.
    const later = await d.pictures(init, fragments[40] as FeedFragment);
    expect(later.still.equals(r.pictures.still)).toBe(false);
    const none = await d.refine(init, fragments.slice(60, 80), fragments[80] as FeedFragment, () => false);
    expect(none.first).toBeUndefined();
    expect(d.stats).toEqual({ starts: 1, jobs: 3 });
  });

  it('decodes the whole GOP when nothing is wanted, then answers', async () => {
    const d = make();
    let n = 0;
    const r = await d.refine(init, fragments.slice(0, 20), fragments[20] as FeedFragment, () => {
      n++;
      return false;
    });
    expect(n).toBe(20);
    expect(r.first).toBeUndefined();
    expect(dims(r.pictures.still)).toBe('320x240');
  });

  it('restarts ffmpeg for a job that goes back in time, and after a job failed', async () => {
    const d = make();
    await d.pictures(init, fragments[40] as FeedFragment);
    const back = await d.refine(
      init,
      fragments.slice(0, 20),
      fragments[20] as FeedFragment,
      (_f, i) => i === 3,
    );
    expect(back.first?.wallMs).toBe(1300);
    expect(d.stats.starts).toBe(2);
    // Bytes that are no fragment give no picture: that job fails on its timeout; the next works on a new ffmpeg.
    await expect(d.pictures(init, { data: Buffer.from('garbage'), wallMs: 99_000 })).rejects.toThrow(
      'timed out',
    );
    const again = await d.pictures(init, fragments[40] as FeedFragment);
    expect(dims(again.thumb)).toBe('160x120');
    expect(d.stats.starts).toBe(3);
  });
});

describe('the event decoder on H.265 (issue 13)', () => {
  // x265's keyframes are CRAs, 32 pictures apart: keyframes 32 and 288 (256 pictures later) have the same picture
  // order count bits, which a long-lived decoder fed one then the other refused ("Duplicate POC in a sequence").
  let init: Buffer | undefined;
  const fragments: (FeedFragment & { keyframe: boolean })[] = [];
  for (const ev of new Mp4Splitter().push(makeFmp4({ codec: 'h265', seconds: 30, fps: 10, gop: 32 }))) {
    if (ev.kind === 'init') init = Buffer.from(ev.init.data);
    else
      fragments.push({
        data: Buffer.from(ev.fragment.data),
        wallMs: 1000 + 100 * fragments.length,
        keyframe: ev.fragment.keyframe,
      });
  }
  let decoder: EventDecoder | undefined;
  afterEach(async () => decoder?.stop());

  it('makes the pictures of keyframes far apart, and refines after them, a new ffmpeg per job', async () => {
    const d = new EventDecoder({
      ffmpegPath: 'ffmpeg',
      log: quiet,
      name: 't',
      thumbWidth: 160,
      jobTimeoutMs: 3000,
    });
    decoder = d;
    d.setInit(init as Buffer, size, 'hev1.1.6.L63.90');
    expect([32, 288].map((i) => fragments[i]?.keyframe)).toEqual([true, true]);
    const a = await d.pictures(init as Buffer, fragments[32] as FeedFragment);
    const b = await d.pictures(init as Buffer, fragments[288] as FeedFragment);
    expect(dims(a.still)).toBe('320x240');
    expect(dims(b.thumb)).toBe('160x120');
    const r = await d.refine(
      init as Buffer,
      fragments.slice(256, 288),
      fragments[288] as FeedFragment,
      (_f, i) => i === 4,
    );
    expect(r.first?.wallMs).toBe(1000 + 100 * 260);
    expect(d.stats).toEqual({ starts: 3, jobs: 3 });
  });
});

describe('the JPEG splitter', () => {
  const lavfi = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '2'];
  const jpeg = execFileSync('ffmpeg', [...lavfi, '-c:v', 'mjpeg', '-f', 'image2pipe', 'pipe:1']);

  it('cuts a stream of JPEGs however it arrives', () => {
    const first = jpegEnd(jpeg) as number;
    expect(first).toBeGreaterThan(100);
    expect(jpeg.subarray(first - 2, first)).toEqual(Buffer.from([0xff, 0xd9]));
    for (const step of [1, 7, 1000, jpeg.length]) {
      const out: Buffer[] = [];
      const s = new JpegSplitter((j) => out.push(j));
      for (let off = 0; off < jpeg.length; off += step) s.data(jpeg.subarray(off, off + step));
      expect(out.map((j) => j.length)).toEqual([first, jpeg.length - first]);
      expect(Buffer.concat(out).equals(jpeg)).toBe(true);
    }
  });

  it('refuses bytes that are not a JPEG, and waits while one is incomplete', () => {
    expect(() => jpegEnd(Buffer.from('not a jpeg'))).toThrow('not a JPEG');
    expect(jpegEnd(jpeg.subarray(0, 40))).toBeUndefined();
  });
});
