import { afterAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../stills/run-ffmpeg.ts';
import { CenterNet, MODEL_INPUT } from './centernet.ts';
import { modelInputArgs } from './image-args.ts';
import { Recogniser } from './recogniser.ts';
import { LABEL_MIN_CONFIDENCE } from './settings.ts';
import { emptyPicture, personPicture } from './testing.ts';

/** The real detector on real pictures (decision 0555): slow-ish (a second or two per picture on a busy core). */
describe('recogniser', () => {
  const recogniser = new Recogniser();
  afterAll(() => recogniser.close());

  it('labels a photograph of a person "person", in a worker thread', async () => {
    const r = await recogniser.recognise(await personPicture());
    expect(r?.labels[0]?.label).toBe('person');
    expect(r?.labels[0]?.confidence).toBeGreaterThanOrEqual(LABEL_MIN_CONFIDENCE);
    expect(r?.labels.length).toBeLessThanOrEqual(3);
    // The person stands in the middle third of the picture (letterboxed input: 1280 × 720 → 512 × 288 at y 112).
    const box = r!.detections.find((d) => d.label === 'person')!.box;
    expect((box[0] + box[2]) / 2).toBeGreaterThan(0.33);
    expect((box[0] + box[2]) / 2).toBeLessThan(0.67);
    expect(r?.loadMs).toBeGreaterThan(0);
    expect(recogniser.stats()).toMatchObject({ done: 1, failed: 0, dropped: 0, queued: 0, busy: false });
  }, 120_000);

  it('gives no labels for an empty scene', async () => {
    const r = await recogniser.recognise(await emptyPicture());
    expect(r?.labels).toEqual([]);
  }, 120_000);

  it('drops pictures beyond its queue and counts them; a broken picture fails alone', async () => {
    const small = new Recogniser({ capacity: 1 });
    try {
      const picture = await emptyPicture();
      // One in progress, one waiting: the third is dropped.
      const first = small.recognise(Buffer.from('not a jpeg'));
      const second = small.recognise(picture);
      expect(small.recognise(picture)).toBeNull();
      await expect(first).rejects.toThrow(/ffmpeg/);
      await expect(second).resolves.toMatchObject({ labels: [] });
      expect(small.stats()).toMatchObject({ done: 1, failed: 1, dropped: 1, queued: 0, busy: false });
    } finally {
      await small.close();
    }
  }, 120_000);
});

describe('decoding on the real model', () => {
  it('finds the objects the graph itself finds', async () => {
    const net = await CenterNet.load();
    try {
      const rgb = await runFfmpeg('ffmpeg', modelInputArgs(MODEL_INPUT), [await personPicture()]);
      const ours = await net.detect(rgb, { minConfidence: 0.3, iou: 0.5, maxDetections: 20 });
      const theirs = (await net.reference(rgb)).filter((d) => d[4]! >= 0.3);
      expect(theirs.length).toBeGreaterThan(0);
      for (const [x1, y1, x2, y2, score, cls] of theirs) {
        const match = ours.find((d) => d.classIndex === cls && Math.abs(d.confidence - score!) < 1e-4);
        expect(match, `class ${cls} at ${score}`).toBeDefined();
        const clamp = (v: number) => Math.min(1, Math.max(0, v / MODEL_INPUT));
        expect(match!.box.map((v) => v.toFixed(3))).toEqual(
          [x1, y1, x2, y2].map((v) => clamp(v!).toFixed(3)),
        );
      }
    } finally {
      net.dispose();
    }
  }, 120_000);
});
