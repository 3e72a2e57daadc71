import { type PpeScene, ppePersonBox, ppeSceneJpeg } from '@vigil/simulator';
import { describe, expect, it } from 'vitest';
import { decodeJpeg } from '../plates/picture.ts';
import { checkPpe, helmetColourOf, isHiVis, missingConfidence } from './ppe-check.ts';

/**
 * The PPE colour check (decision 0870) on pictures drawn by the simulator's PPE scene with real ffmpeg: the scene
 * says what the person wears and where the person is (the box a detector would give), the test says literally what
 * the check must find.
 */
const base: PpeScene = {
  helmet: null,
  vest: null,
  scale: 1.6,
  light: 0,
  wall: '0x6b6660',
  width: 640,
  height: 360,
};

async function judge(s: Partial<PpeScene>) {
  const scene = { ...base, ...s };
  const rgb = await decodeJpeg('ffmpeg', ppeSceneJpeg(scene));
  return checkPpe(rgb, ppePersonBox(scene));
}

describe('PPE colours of one pixel', () => {
  it('names helmet colours and leaves skin, hair and a dark jacket out', () => {
    expect(helmetColourOf(255, 204, 0)).toBe('yellow');
    expect(helmetColourOf(255, 112, 0)).toBe('orange');
    expect(helmetColourOf(204, 26, 26)).toBe('red');
    expect(helmetColourOf(31, 79, 200)).toBe('blue');
    expect(helmetColourOf(240, 240, 236)).toBe('white');
    expect(helmetColourOf(224, 172, 140)).toBeNull(); // skin
    expect(helmetColourOf(198, 134, 66)).toBeNull(); // darker skin
    expect(helmetColourOf(60, 42, 30)).toBeNull(); // brown hair
    expect(helmetColourOf(28, 28, 34)).toBeNull(); // the jacket
  });

  it('finds fluorescent yellow-green and orange, not a dark jacket, a white shirt or skin', () => {
    expect(isHiVis(216, 255, 30)).toBe(true);
    expect(isHiVis(255, 106, 16)).toBe(true);
    expect(isHiVis(28, 28, 34)).toBe(false);
    expect(isHiVis(240, 240, 240)).toBe(false);
    expect(isHiVis(224, 172, 140)).toBe(false);
  });

  it('is less sure of a missing item whose share lies near the threshold', () => {
    expect(missingConfidence(0.8, 0, 0.2)).toBe(0.8);
    expect(missingConfidence(0.8, 0.1, 0.2)).toBe(0.6);
  });
});

describe('the PPE check on the simulator’s PPE scene', () => {
  it('finds a yellow hard hat and a yellow vest', async () => {
    const v = await judge({ helmet: 'yellow', vest: 'yellow' });
    expect(v).toMatchObject({ helmet: true, vest: true, helmetColour: 'yellow' });
  });

  it('finds neither on the man in his dark jacket', async () => {
    expect(await judge({})).toEqual({
      helmet: false,
      vest: false,
      helmetShare: 0,
      helmetColour: null,
      vestShare: 0,
    });
  });

  it('finds a white helmet with an orange vest, small and at dusk', async () => {
    const v = await judge({ helmet: 'white', vest: 'orange', scale: 1, light: -0.1 });
    expect(v).toMatchObject({ helmet: true, vest: true, helmetColour: 'white' });
  });

  it('finds a white hat and an orange vest at deep dusk (judged against the picture’s white point)', async () => {
    const v = await judge({ helmet: 'white', vest: 'orange', scale: 2, light: -0.2, wall: '0x8a8f94' });
    expect(v).toMatchObject({ helmet: true, vest: true, helmetColour: 'white' });
  });

  it('finds a blue helmet and no vest, large', async () => {
    const v = await judge({ helmet: 'blue', scale: 2 });
    expect(v).toMatchObject({ helmet: true, vest: false, helmetColour: 'blue' });
  });

  it('finds a vest and no helmet', async () => {
    const v = await judge({ vest: 'yellow', scale: 1.2 });
    expect(v).toMatchObject({ helmet: false, vest: true, helmetColour: null });
  });

  it('does not judge a person too small to have a head region', async () => {
    const rgb = await decodeJpeg('ffmpeg', ppeSceneJpeg(base));
    expect(checkPpe(rgb, { x1: 300, y1: 300, x2: 320, y2: 330 })).toBeNull();
  });
});
